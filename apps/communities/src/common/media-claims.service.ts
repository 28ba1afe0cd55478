import { Injectable } from '@nestjs/common';
import type { ObjectClaimPurpose } from '@wave/contracts';
import { RpcClient, RpcUnavailableError } from '@wave/rpc';
import { CommunitiesException } from './communities.exception';

/**
 * Claims uploaded images (post media, community icons) from media, which
 * refuses paths that are not the owner's uploads. All or nothing.
 */
@Injectable()
export class MediaClaimsService {
  constructor(private readonly rpc: RpcClient) {}

  /** Claims `paths` for `subjectId` (the post, or the community for its icon). */
  async claim(
    ownerId: string,
    paths: string[],
    purpose: ObjectClaimPurpose,
    subjectId: string,
  ): Promise<void> {
    if (paths.length === 0) return;
    let claim;
    try {
      claim = await this.rpc.call('media.claim-objects', {
        ownerId,
        objectPaths: paths,
        purpose,
        subjectId,
      });
    } catch (error) {
      if (error instanceof RpcUnavailableError)
        throw new CommunitiesException('IMAGES_UNAVAILABLE');
      throw error;
    }
    if (!claim.ok) {
      throw new CommunitiesException(
        claim.reason === 'not-yours' ? 'IMAGE_NOT_YOURS' : 'IMAGE_NOT_UPLOADED',
      );
    }
  }
}
