import { Injectable, Logger } from '@nestjs/common';
import type { ObjectClaimPurpose } from '@wave/contracts';
import type { ClaimRefusal } from '@wave/rpc';
import { claimObjects, releaseClaims, RpcClient } from '@wave/rpc';
import type { CommunitiesErrorCode } from './communities.exception';
import { CommunitiesException } from './communities.exception';

/** How a refused claim is answered. */
const CLAIM_REFUSALS: Record<ClaimRefusal, CommunitiesErrorCode> = {
  unavailable: 'IMAGES_UNAVAILABLE',
  'not-yours': 'IMAGE_NOT_YOURS',
  'not-found': 'IMAGE_NOT_UPLOADED',
  'not-an-upload': 'IMAGE_NOT_UPLOADED',
};

/** What `claim` took for a subject: what `release` gives back if its write fails. */
export interface MediaClaim {
  ownerId: string;
  purpose: ObjectClaimPurpose;
  subjectId: string;
  /** The claim call's id; null when there was nothing to claim. */
  claimId: string | null;
}

/**
 * Claims uploaded images (post media, community icons) from media, which
 * refuses paths that are not the owner's uploads. All or nothing. Claim as the
 * last step before the write, once every check passed, and release the claim
 * when the write fails (the `rolledBack` of the outbox transaction).
 */
@Injectable()
export class MediaClaimsService {
  private readonly logger = new Logger(MediaClaimsService.name);

  constructor(private readonly rpc: RpcClient) {}

  /** Claims `paths` for `subjectId` (the post, or the community for its icon). */
  async claim(
    ownerId: string,
    paths: string[],
    purpose: ObjectClaimPurpose,
    subjectId: string,
  ): Promise<MediaClaim> {
    if (paths.length === 0) return { ownerId, purpose, subjectId, claimId: null };
    const claim = await claimObjects(this.rpc, {
      ownerId,
      objectPaths: paths,
      purpose,
      subjectId,
    });
    if (!claim.ok) throw new CommunitiesException(CLAIM_REFUSALS[claim.reason]);
    return { ownerId, purpose, subjectId, claimId: claim.claimId };
  }

  /** Gives back what `claim` took, for a write that failed (best effort). */
  async release({ claimId, ...claim }: MediaClaim): Promise<void> {
    if (claimId) await releaseClaims(this.rpc, { ...claim, claimId }, this.logger);
  }
}
