import { defineService } from '@wave/service-runtime';
import { AppModule } from './app.module';
import { AppliedVersionEntity, ClaimEntity } from './claims/claim.entity';
import { MEDIA_SCHEMA, loadMediaConfig } from './config/media.config';
import { MEDIA_MIGRATIONS } from './database/migrations';
import { ObjectStorage } from './storage/object-storage';
import { StorageModule } from './storage/storage.module';
import { UploadEntity } from './uploads/upload.entity';

/** Uploaded images (checked, re-encoded, stored in the bucket), their claims and their cleanup. */
export const mediaService = defineService({
  name: 'media',
  schema: MEDIA_SCHEMA,
  entities: [UploadEntity, ClaimEntity, AppliedVersionEntity],
  migrations: MEDIA_MIGRATIONS,
  loadConfig: loadMediaConfig,
  module: () => AppModule.register(),
  events: false,
  rpc: () => ({}),
  // Global: the configuration and the bucket, for media's own module and the health check.
  healthImports: (config) => [StorageModule.forRoot(config)],
  healthChecks: () => ({
    inject: [ObjectStorage],
    checks: (storage: ObjectStorage) => [
      { name: 'objects', check: () => storage.stat('health-check') },
    ],
  }),
  // Request bodies that are not JSON (the uploaded images) are left unread for the upload route
  // to stream.
  configureApp: (app) => {
    app
      .getHttpAdapter()
      .getInstance()
      .addContentTypeParser('*', (_request, _payload, done) => done(null));
  },
});
