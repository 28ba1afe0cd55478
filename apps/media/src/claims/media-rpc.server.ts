import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Inject, Injectable } from '@nestjs/common';
import { RpcServer } from '@wave/rpc';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { ClaimsService } from './claims.service';

/** Media's answers to other services: claiming uploads. */
@Injectable()
export class MediaRpcServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly server: RpcServer;

  constructor(@Inject(MEDIA_CONFIG) config: MediaConfig, claims: ClaimsService) {
    this.server = new RpcServer({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    this.server.handle('media.claim-objects', (request) => claims.claim(request));
  }

  onApplicationBootstrap(): Promise<void> {
    return this.server.listen();
  }

  onApplicationShutdown(): Promise<void> {
    return this.server.close();
  }
}
