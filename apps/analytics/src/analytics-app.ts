import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { AnalyticsConfig } from './config/analytics.config';

/** The analytics service, ready to listen (or to be driven in-process by tests). */
export function createAnalyticsApp(config: AnalyticsConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.register(config));
}
