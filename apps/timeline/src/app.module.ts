import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { AuthorsRepository } from './authors/authors.repository';
import type { TimelineConfig } from './config/timeline.config';
import { TIMELINE_CONFIG } from './config/timeline.config';
import { TimelineEventsWorker } from './events/timeline-events.worker';
import { FanOutQueue } from './feeds/fan-out.queue';
import { FanOutService } from './feeds/fan-out.service';
import { FanOutWorker } from './feeds/fan-out.worker';
import { FeedCacheMetrics } from './tweet-cache/feed-cache.metrics';
import { FeedSourcesRepository } from './feeds/feed-sources.repository';
import { FeedJsonRenderer } from './feeds/feed-json.renderer';
import { FeedsController } from './feeds/feeds.controller';
import { FeedsService } from './feeds/feeds.service';
import { HomeTimelineStore } from './feeds/home-timeline.store';
import { TweetImagesService } from './images/tweet-images.service';
import { FollowsRepository } from './follows/follows.repository';
import { ImageProxyController } from './image-proxy/image-proxy.controller';
import { ImageProxySigner } from './image-proxy/image-proxy.signer';
import { ImageProxyService } from './image-proxy/image-proxy.service';
import { LinkPreviewCacheRepository } from './link-previews/link-preview-cache.repository';
import { LinkPreviewsController } from './link-previews/link-previews.controller';
import { LinkPreviewsService } from './link-previews/link-previews.service';
import { OUTBOUND_OPTIONS, OutboundFetcher } from './outbound/outbound-fetcher';
import { TimelineRpcServer } from './rpc/timeline-rpc.server';
import { InteractionsRepository } from './tweets/interactions.repository';
import { TweetsController, UserTweetsController } from './tweets/tweets.controller';
import { TweetsRepository } from './tweets/tweets.repository';
import { TweetsService } from './tweets/tweets.service';
import { TweetCacheStore } from './tweet-cache/tweet-cache.store';
import { TweetViewsService } from './tweet-cache/tweet-views.service';

/** Timeline's own module; its infrastructure is `timelineService`'s (service.ts). */
@Module({})
export class AppModule {
  static register(config: TimelineConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        FeedsController,
        TweetsController,
        UserTweetsController,
        LinkPreviewsController,
        ImageProxyController,
      ],
      providers: [
        { provide: TIMELINE_CONFIG, useValue: config },
        { provide: OUTBOUND_OPTIONS, useValue: { allowlist: config.OUTBOUND_ALLOWLIST } },
        { provide: ImageProxySigner, useValue: new ImageProxySigner(config.INTERNAL_AUTH_SECRET) },
        AuthorsRepository,
        FollowsRepository,
        TweetsRepository,
        InteractionsRepository,
        FeedSourcesRepository,
        HomeTimelineStore,
        TweetCacheStore,
        TweetViewsService,
        TweetsService,
        TweetImagesService,
        FeedsService,
        FeedCacheMetrics,
        FeedJsonRenderer,
        FanOutQueue,
        FanOutService,
        FanOutWorker,
        TimelineEventsWorker,
        TimelineRpcServer,
        OutboundFetcher,
        LinkPreviewCacheRepository,
        LinkPreviewsService,
        ImageProxyService,
      ],
    };
  }
}
