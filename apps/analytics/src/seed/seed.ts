import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { MAX_BATCHES_IN_FLIGHT, viewerKeyOf } from '@wave/analytics-ingest';
import type { DemoPost, SeedOptions, ViewablePost } from '@wave/demo-data';
import {
  DAY_MS,
  DEMO_DAYS,
  generateDemoData,
  generateDemoViews,
  waitWhileProgressing,
} from '@wave/demo-data';
import { AppModule } from '../app.module';
import { RawEventsRepository } from '../common/raw-events.repository';
import type { AnalyticsConfig } from '../config/analytics.config';
import { IngestService } from '../ingest/ingest.service';
import { ViewBatcher } from '../ingest/view-batcher';
import { addDays, utcDayOf } from '../maintenance/day-partitions.util';
import { rawEventsWindow, VIEWER_DAYS } from '../maintenance/partition-windows.util';
import { RollupsRepository } from '../rollups/rollups.repository';
import { analyticsService } from '../service';
import type { PastPostView } from './demo-views.repository';
import { DemoViewsRepository } from './demo-views.repository';

/** The browser the demo's readers use (a person's, so no view is taken for a crawler's). */
const DEMO_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
/** Past views written per transaction. */
const PAST_VIEWS_BATCH = 2_000;
/** Given up waiting for timeline's posts once no event was applied for this long. */
const ARRIVAL_STALL_MS = 60_000;
/** Given up waiting for the ingest once no page view was counted for this long. */
const INGEST_STALL_MS = 30_000;

/**
 * The posts with what the dataset says happened to them: with the run's shared
 * `--now`, a post made at the same instant is the generated one, and its likes,
 * retweets and replies are known before their events arrive (they follow the
 * posts in the queue). What the rollups counted already is kept when larger.
 */
function withGeneratedEngagement(
  posts: ViewablePost[],
  generated: readonly DemoPost[],
): ViewablePost[] {
  const replies = new Map<number, number>();
  for (const post of generated) {
    if (post.parent !== null) replies.set(post.parent, (replies.get(post.parent) ?? 0) + 1);
  }
  const byTime = new Map(generated.map((post, index) => [post.at.getTime(), { post, index }]));
  return posts.map((post) => {
    const match = byTime.get(post.createdAt.getTime());
    if (!match) return post;
    return {
      ...post,
      likes: Math.max(post.likes, match.post.likes.length),
      retweets: Math.max(post.retweets, match.post.retweets.length),
      replies: Math.max(post.replies, replies.get(match.index) ?? 0),
    };
  });
}

export interface AnalyticsSeedResult {
  pageViews: number;
  postViews: number;
}

/**
 * Analytics' part of the demo community (`@wave/demo-data`): thirty days of
 * page views and post views. It first waits for the demo's posts to arrive
 * from timeline's events (its own event worker runs here: analytics names a
 * post by its id); views follow what happened to each post. Page views, and the post
 * views of today and yesterday, go through IngestService with their own
 * times, as the gateway's reports do (batched, queued, written by the ingest
 * worker, which counts each viewer once a post a day). Older post views, which
 * the ingest would no longer tell apart from views already counted, are
 * written straight into the same rollups and raw events (DemoViewsRepository).
 *
 * Skipped, before anything starts, when any page view was ever counted.
 */
export async function seedAnalytics(
  config: AnalyticsConfig,
  options: SeedOptions,
): Promise<AnalyticsSeedResult> {
  const data = generateDemoData(options.size, options.now ?? new Date());
  if (await seededAlready(config)) return { pageViews: 0, postViews: 0 };
  // The demo's members and communities arrive by events: no backfill from their owners here;
  // no Auto-SEO either (it reads the web server's pages, and the web server is not up yet).
  const seeding = { ...config, BACKFILL_ON_START: false, AUTO_SEO_ENABLED: false };
  const app = await NestFactory.createApplicationContext(
    analyticsService.rootModule(seeding, AppModule.register(seeding)),
    {
      logger: ['error', 'warn'],
    },
  );
  await app.init();
  try {
    const repository = new DemoViewsRepository(
      app.get(DataSource),
      app.get(RollupsRepository),
      app.get(RawEventsRepository),
    );
    const since = new Date(data.now.getTime() - (DEMO_DAYS + 1) * DAY_MS);
    // Timeline may still be writing them, and this service's queue may hold many events
    // before them: wait as long as events are being applied.
    const arrived = await waitWhileProgressing(
      async () => (await repository.postCountSince(since)) >= data.posts.length,
      () => repository.appliedEvents(),
      ARRIVAL_STALL_MS,
    );
    if (!arrived) {
      // Nothing written, so the next seed tries again.
      process.stderr.write(
        'analytics: the demo posts did not all arrive (is timeline seeded?): no views written\n',
      );
      return { pageViews: 0, postViews: 0 };
    }
    const posts = withGeneratedEngagement(await repository.postsSince(since), data.posts);
    const memberIds = [...new Set(posts.map((post) => post.authorId))];
    const views = generateDemoViews(data, posts, memberIds);

    const ingest = app.get(IngestService);
    const batcher = app.get(ViewBatcher);
    // The batcher gives up batches beyond MAX_BATCHES_IN_FLIGHT waiting for Redis (a request
    // never waits): the seed lets half that many go out, then waits for them, and so on.
    const viewsPerDrain = (MAX_BATCHES_IN_FLIGHT / 2) * config.INGEST_BATCH_MAX_VIEWS;
    let pushed = 0;
    const paced = async (push: () => void): Promise<void> => {
      push();
      pushed += 1;
      if (pushed % viewsPerDrain === 0) await batcher.drain();
    };
    for (const view of views.pageViews) {
      await paced(() =>
        ingest.trackPageView(
          { url: view.url, userAgent: '' },
          { ...view.viewer, userAgent: DEMO_USER_AGENT },
          view.at,
        ),
      );
    }
    // Today and yesterday: as impressions, through the ingest and its once-a-day check.
    const firstRecentDay = addDays(utcDayOf(new Date()), -(VIEWER_DAYS - 1));
    const past: PastPostView[] = [];
    for (const view of views.postViews) {
      if (utcDayOf(view.at) >= firstRecentDay) {
        await paced(() =>
          ingest.recordImpressions(
            { tweetIds: [view.postId] },
            { ...view.viewer, userAgent: DEMO_USER_AGENT },
            view.at,
          ),
        );
      } else {
        past.push({
          at: view.at,
          postId: view.postId,
          authorId: view.authorId,
          viewer: viewerKeyOf(view.viewer) ?? '',
          userId: view.viewer.userId,
        });
      }
    }
    await batcher.drain();
    const window = rawEventsWindow(config, new Date());
    for (let start = 0; start < past.length; start += PAST_VIEWS_BATCH) {
      await repository.writePastPostViews(
        uuidv7(),
        past.slice(start, start + PAST_VIEWS_BATCH),
        window,
      );
      if (past.length >= 10 * PAST_VIEWS_BATCH) {
        options.progress?.(
          `past post views ${Math.min(start + PAST_VIEWS_BATCH, past.length)}/${past.length}`,
        );
      }
    }
    // The ingest worker (running here) writes the batches it was handed: wait as long as it
    // gets on with them, and say so if it stops short (a view was lost on the way).
    const counted = await waitWhileProgressing(
      async () => (await repository.pageViewsSince(since)) >= views.pageViews.length,
      () => repository.pageViewsSince(since),
      INGEST_STALL_MS,
    );
    if (!counted) {
      throw new Error(
        `analytics: ${await repository.pageViewsSince(since)} of ${views.pageViews.length} page views were counted`,
      );
    }
    return { pageViews: views.pageViews.length, postViews: views.postViews.length };
  } finally {
    await app.close();
  }
}

/**
 * Whether any page view was ever counted, asked before the service starts its
 * workers: a skipped seed starts nothing it would stop at once.
 */
async function seededAlready(config: AnalyticsConfig): Promise<boolean> {
  const dataSource = await new DataSource(analyticsService.dataSourceOptions(config)).initialize();
  try {
    return await new DemoViewsRepository(
      dataSource,
      new RollupsRepository(),
      new RawEventsRepository(),
    ).hasPageViews();
  } finally {
    await dataSource.destroy();
  }
}
