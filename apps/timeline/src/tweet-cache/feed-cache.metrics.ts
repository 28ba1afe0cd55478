import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { ServiceMetrics } from '@wave/metrics';

type Counted<L extends string> = ReturnType<Counter<L>['labels']>;

/**
 * How often the feed's two caches answer: a home timeline found in Redis or rebuilt from
 * PostgreSQL (`timeline_home_cache_reads_total`, one per round of a read: a page with many hidden
 * posts takes up to three), and each post a read shows found in the tweet cache, missed (read
 * from PostgreSQL and filled), or not asked because Redis was away
 * (`timeline_tweet_cache_lookups_total`). Children are bound once (prom-client still hashes
 * their labels on each increment: measured, it costs nothing visible on a read).
 */
@Injectable()
export class FeedCacheMetrics {
  readonly homeHit: Counted<'result'>;
  readonly homeRebuilt: Counted<'result'>;
  readonly tweetHit: Counted<'result'>;
  readonly tweetMiss: Counted<'result'>;
  readonly tweetUnavailable: Counted<'result'>;

  constructor(metrics: ServiceMetrics) {
    const home = new Counter({
      name: 'timeline_home_cache_reads_total',
      help: 'Home timeline lookups (one per round of a read, up to three) answered by the cached timeline (hit) or after rebuilding it from PostgreSQL (rebuilt).',
      labelNames: ['result'],
      registers: [metrics.registry],
    });
    const tweets = new Counter({
      name: 'timeline_tweet_cache_lookups_total',
      help: 'Posts looked up in the tweet cache: found (hit), read from PostgreSQL (miss), or read from PostgreSQL with the cache unreachable (unavailable).',
      labelNames: ['result'],
      registers: [metrics.registry],
    });
    this.homeHit = home.labels('hit');
    this.homeRebuilt = home.labels('rebuilt');
    this.tweetHit = tweets.labels('hit');
    this.tweetMiss = tweets.labels('miss');
    this.tweetUnavailable = tweets.labels('unavailable');
  }
}
