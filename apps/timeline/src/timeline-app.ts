import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { TimelineConfig } from './config/timeline.config';

/** The timeline service, ready to listen (or to be driven in-process by tests). */
export function createTimelineApp(config: TimelineConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.register(config), { bodyLimit: config.TWEET_BODY_LIMIT_BYTES });
}
