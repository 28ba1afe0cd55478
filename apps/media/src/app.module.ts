import type { DynamicModule, OnApplicationBootstrap } from '@nestjs/common';
import { Injectable, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { InternalAuthModule } from '@wave/internal-auth';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import { RpcClientModule } from '@wave/rpc';
import type { HealthCheck } from '@wave/service-runtime';
import { HEALTH_CHECKS, HealthModule, loggingModule } from '@wave/service-runtime';
import { ClaimVerificationService } from './claims/claim-verification.service';
import { ClaimsService } from './claims/claims.service';
import { MediaEventsWorker } from './claims/media-events.worker';
import { MediaRpcServer } from './claims/media-rpc.server';
import { CleanupWorker } from './cleanup/cleanup.worker';
import type { MediaConfig } from './config/media.config';
import { mediaDataSourceOptions } from './database/media-data-source';
import { ImageProcessor } from './images/image-processor';
import { ObjectsController } from './objects/objects.controller';
import { ObjectsService } from './objects/objects.service';
import { ObjectStorage } from './storage/object-storage';
import { StorageModule } from './storage/storage.module';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsRepository } from './uploads/uploads.repository';
import { UploadsService } from './uploads/uploads.service';
import { serviceMetricsModule } from '@wave/metrics';

/** Creates the bucket if it is missing, before the first upload. */
@Injectable()
class BucketSetup implements OnApplicationBootstrap {
  constructor(private readonly storage: ObjectStorage) {}

  onApplicationBootstrap(): Promise<void> {
    return this.storage.ensureBucket();
  }
}

@Module({})
export class AppModule {
  static register(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        loggingModule({ service: 'media', level: config.LOG_LEVEL }),
        serviceMetricsModule('media', config),
        TypeOrmModule.forRoot(mediaDataSourceOptions(config)),
        StorageModule.forRoot(config),
        RedisModule.forRoot({
          url: config.REDIS_URL,
          keyPrefix: config.REDIS_KEY_PREFIX,
          name: 'media',
        }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        RpcClientModule.forRoot({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX }),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT, ObjectStorage],
          useFactory: (
            dataSource: DataSource,
            redis: Redis,
            storage: ObjectStorage,
          ): HealthCheck[] => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
            { name: 'objects', check: () => storage.stat('health-check') },
          ],
        }),
      ],
      controllers: [UploadsController, ObjectsController],
      providers: [
        BucketSetup,
        ImageProcessor,
        UploadsRepository,
        UploadsService,
        ObjectsService,
        ClaimsService,
        ClaimVerificationService,
        MediaRpcServer,
        MediaEventsWorker,
        CleanupWorker,
      ],
    };
  }
}
