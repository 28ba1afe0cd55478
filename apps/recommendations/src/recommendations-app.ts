import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { RecommendationsConfig } from './config/recommendations.config';

/** The recommendations service, ready to listen (or to be driven in-process by tests). */
export function createRecommendationsApp(
  config: RecommendationsConfig,
): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.register(config));
}
