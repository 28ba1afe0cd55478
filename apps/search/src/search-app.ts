import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { SearchConfig } from './config/search.config';

/** The search service, ready to listen (or to be driven in-process by tests). */
export function createSearchApp(config: SearchConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.register(config));
}
