import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp } from '@wave/service-runtime';
import { AppModule } from './app.module';
import type { MediaConfig } from './config/media.config';

/**
 * The media service, ready to listen. Request bodies that are not JSON (the
 * uploaded images) are left unread for the upload route to stream.
 */
export async function createMediaApp(config: MediaConfig): Promise<NestFastifyApplication> {
  const app = await createServiceApp(AppModule.register(config));
  app
    .getHttpAdapter()
    .getInstance()
    .addContentTypeParser('*', (_request, _payload, done) => done(null));
  return app;
}
