import { Inject, Injectable } from '@nestjs/common';
import { RpcEndpoint } from '@wave/rpc';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { ClaimsService } from './claims.service';

/** Media's answers to other services: claiming uploads, and giving back a failed write's claims. */
@Injectable()
export class MediaRpcServer extends RpcEndpoint {
  constructor(@Inject(MEDIA_CONFIG) config: MediaConfig, claims: ClaimsService) {
    super({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    this.server.handle('media.claim-objects', (request) => claims.claim(request));
    this.server.handle('media.release-claims', (request) => claims.releaseFailed(request));
  }
}
