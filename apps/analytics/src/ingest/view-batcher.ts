import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { ViewBatchSender } from '@wave/analytics-ingest';
import type { AnalyticsConfig } from '../config/analytics.config';
import { ANALYTICS_CONFIG } from '../config/analytics.config';

/**
 * Analytics' sender of view batches (the impressions it receives): INGEST_BATCH_MS and
 * INGEST_BATCH_MAX_VIEWS; what it holds is sent when the service stops, after its HTTP
 * server closed.
 */
@Injectable()
export class ViewBatcher extends ViewBatchSender implements OnApplicationShutdown {
  constructor(@Inject(ANALYTICS_CONFIG) config: AnalyticsConfig) {
    const logger = new Logger(ViewBatcher.name);
    super({
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      batchMs: config.INGEST_BATCH_MS,
      maxViews: config.INGEST_BATCH_MAX_VIEWS,
      onLost: (views, error) =>
        logger.error(
          `Lost a batch of ${views} views: ${error instanceof Error ? error.message : String(error)}`,
        ),
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
