import fastifyCookie from '@fastify/cookie';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { IdentityConfig } from './config/identity.config';

/** The identity service, ready to listen (or to be driven in-process by tests). */
export async function createIdentityApp(config: IdentityConfig): Promise<NestFastifyApplication> {
  const app = await createServiceApp(AppModule.register(config));
  await app.register(fastifyCookie);
  return app;
}
