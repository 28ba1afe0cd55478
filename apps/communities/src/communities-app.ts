import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { CommunitiesConfig } from './config/communities.config';

/** The communities service, ready to listen (or to be driven in-process by tests). */
export function createCommunitiesApp(config: CommunitiesConfig): Promise<NestFastifyApplication> {
  return createServiceApp(AppModule.register(config));
}
