import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import type { RecommendationsConfig } from '../config/recommendations.config';
import { RECOMMENDATIONS_CONFIG } from '../config/recommendations.config';
import { FEATURE_SET } from '../ranking/features';
import type { RankedItem } from '../ranking/ranked-item';

/**
 * A member's list under today's features: a list ranked by a release with other features (its
 * vectors would be recorded as today's impressions) is never read, during a rolling deploy or
 * after it, and expires by itself.
 */
export const recommendationsCacheKey = (userId: string): string =>
  `recommendations:list:${FEATURE_SET}:${userId}`;
const keyOf = recommendationsCacheKey;

/**
 * Each member's ranked list (RECOMMENDATIONS_MAX items), kept CACHE_TTL_SECONDS (the spec's 5
 * minutes); their own feedback, follows, joins, likes and retweets clear it.
 */
@Injectable()
export class RecommendationsCache {
  constructor(
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
    @Inject(RECOMMENDATIONS_CONFIG) private readonly config: RecommendationsConfig,
  ) {}

  async get(userId: string): Promise<RankedItem[] | null> {
    const value = await this.redis.get(keyOf(userId));
    if (value === null) return null;
    try {
      return JSON.parse(value) as RankedItem[];
    } catch {
      return null;
    }
  }

  async set(userId: string, items: readonly RankedItem[]): Promise<void> {
    await this.redis.set(keyOf(userId), JSON.stringify(items), 'EX', this.config.CACHE_TTL_SECONDS);
  }

  async forget(userIds: readonly string[]): Promise<void> {
    if (userIds.length > 0) await this.redis.del(...userIds.map(keyOf));
  }
}
