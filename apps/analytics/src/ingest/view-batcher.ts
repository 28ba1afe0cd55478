import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { logLostViews, ViewBatchSender } from '@wave/analytics-ingest';
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
    super({
      redisUrl: config.REDIS_URL,
      redisKeyPrefix: config.REDIS_KEY_PREFIX,
      batchMs: config.INGEST_BATCH_MS,
      maxViews: config.INGEST_BATCH_MAX_VIEWS,
      onLost: logLostViews(new Logger(ViewBatcher.name)),
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }
}
