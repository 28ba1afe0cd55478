import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Viewer } from '@wave/analytics-ingest';
import { logLostViews, pageViewRecord, ViewBatchSender } from '@wave/analytics-ingest';
import type { TrackPageViewRequest } from '@wave/contracts';
import type { GatewayConfig } from '../config/gateway.config';
import { GATEWAY_CONFIG } from '../config/gateway.config';

/**
 * Page views, queued here for analytics: made into the records analytics' ingest reads and
 * sent in batches to its `analytics-ingest` queue (INGEST_BATCH_MS, INGEST_BATCH_MAX_VIEWS).
 * The most frequent call of the platform (one per navigation, visitors included) never
 * takes a proxy hop nor a request in analytics; a stopping gateway sends what it holds
 * after its HTTP server closed.
 */
@Injectable()
export class PageViewQueue extends ViewBatchSender implements OnApplicationShutdown {
  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    super({
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      batchMs: config.INGEST_BATCH_MS,
      maxViews: config.INGEST_BATCH_MAX_VIEWS,
      onLost: logLostViews(new Logger(PageViewQueue.name)),
    });
  }

  track(request: TrackPageViewRequest, viewer: Viewer, now = new Date()): void {
    this.push(pageViewRecord(request, viewer, now));
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
