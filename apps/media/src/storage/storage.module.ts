import type { DynamicModule } from '@nestjs/common';
import { Module } from '@nestjs/common';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { ObjectStorage } from './object-storage';

/** The configuration and the bucket, for every module of the app (health checks included). */
@Module({})
export class StorageModule {
  static forRoot(config: MediaConfig): DynamicModule {
    return {
      module: StorageModule,
      global: true,
      providers: [{ provide: MEDIA_CONFIG, useValue: config }, ObjectStorage],
      exports: [MEDIA_CONFIG, ObjectStorage],
    };
  }
}
