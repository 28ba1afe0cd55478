import type { DynamicModule, OnApplicationBootstrap } from '@nestjs/common';
import { Injectable, Module } from '@nestjs/common';
import { ClaimVerificationService } from './claims/claim-verification.service';
import { ClaimsService } from './claims/claims.service';
import { MediaEventsWorker } from './claims/media-events.worker';
import { MediaRpcServer } from './claims/media-rpc.server';
import { CleanupWorker } from './cleanup/cleanup.worker';
import { ImageProcessor } from './images/image-processor';
import { ObjectsController } from './objects/objects.controller';
import { ObjectsService } from './objects/objects.service';
import { ObjectStorage } from './storage/object-storage';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsRepository } from './uploads/uploads.repository';
import { UploadsService } from './uploads/uploads.service';

/** Creates the bucket if it is missing, before the first upload. */
@Injectable()
class BucketSetup implements OnApplicationBootstrap {
  constructor(private readonly storage: ObjectStorage) {}

  onApplicationBootstrap(): Promise<void> {
    return this.storage.ensureBucket();
  }
}

/**
 * Media's own module; its infrastructure is `mediaService`'s (service.ts), the storage module
 * (global: the configuration and the bucket) included, for the health check's sake.
 */
@Module({})
export class AppModule {
  static register(): DynamicModule {
    return {
      module: AppModule,
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
