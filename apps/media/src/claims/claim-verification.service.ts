import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ObjectClaimPurpose, RpcName } from '@wave/contracts';
import { SUBJECTS_EXIST_MAX } from '@wave/contracts';
import { RpcClient, RpcUnavailableError } from '@wave/rpc';
import type { MediaConfig } from '../config/media.config';
import { MEDIA_CONFIG } from '../config/media.config';
import { uploadIdOfImage } from '../uploads/upload-signature.util';
import type { ClaimKey, UnverifiedClaim } from '../uploads/uploads.repository';
import { UploadsRepository } from '../uploads/uploads.repository';

/** Claims read at a time; each batch asks each owner at most once. */
const BATCH = 200;

/** Whether a claim stands, by what its subject's owner answered. */
type Stands = (claim: ClaimKey) => boolean;

/** Who owns some purposes' subjects, and how to ask them which claims stand. */
interface SubjectOwner {
  call: RpcName;
  /** Asks about at most SUBJECTS_EXIST_MAX subjects. */
  ask(rpc: RpcClient, ids: string[]): Promise<Stands>;
}

/** A tweet's or post's claims stand while it exists. */
const whileItExists = (existing: string[]): Stands => {
  const found = new Set(existing);
  return (claim) => found.has(claim.subjectId);
};

/** A subject's current image for a purpose, as its owner stores it. */
interface CurrentImage {
  subjectId: string;
  purpose: ObjectClaimPurpose;
  imageUrl: string | null;
}

/**
 * A profile, cover or icon claim stands only while its upload is the
 * subject's current image for that purpose (the subject always exists on an
 * update, so its existence would vouch for the image of an update that failed).
 */
const whileItIsCurrent = (images: CurrentImage[]): Stands => {
  const keyOf = (purpose: string, subjectId: string) => `${purpose} ${subjectId}`;
  const current = new Map(
    images.map((image) => [
      keyOf(image.purpose, image.subjectId),
      image.imageUrl && uploadIdOfImage(image.imageUrl),
    ]),
  );
  return (claim) => current.get(keyOf(claim.purpose, claim.subjectId)) === claim.uploadId;
};

const TWEETS: SubjectOwner = {
  call: 'timeline.tweets-exist',
  ask: async (rpc, ids) =>
    whileItExists((await rpc.call('timeline.tweets-exist', { ids })).existing),
};

const COMMUNITY_POSTS: SubjectOwner = {
  call: 'communities.posts-exist',
  ask: async (rpc, ids) =>
    whileItExists((await rpc.call('communities.posts-exist', { ids })).existing),
};

const COMMUNITY_ICONS: SubjectOwner = {
  call: 'communities.community-icons',
  ask: async (rpc, ids) =>
    whileItIsCurrent(
      (await rpc.call('communities.community-icons', { ids })).communities.map((community) => ({
        subjectId: community.id,
        purpose: 'community-icon',
        imageUrl: community.iconUrl,
      })),
    ),
};

/** One call for both the profile and the cover claims of a batch. */
const USER_IMAGES: SubjectOwner = {
  call: 'identity.user-images',
  ask: async (rpc, ids) =>
    whileItIsCurrent(
      (await rpc.call('identity.user-images', { ids })).users.flatMap((user) => [
        { subjectId: user.id, purpose: 'profile', imageUrl: user.profileImageUrl },
        { subjectId: user.id, purpose: 'cover', imageUrl: user.coverImageUrl },
      ]),
    ),
};

const OWNERS: Record<ObjectClaimPurpose, SubjectOwner> = {
  tweet: TWEETS,
  'community-post': COMMUNITY_POSTS,
  'community-icon': COMMUNITY_ICONS,
  profile: USER_IMAGES,
  cover: USER_IMAGES,
};

const isPurpose = (purpose: string): purpose is ObjectClaimPurpose => purpose in OWNERS;

/** What one run of the verification did. */
export interface VerificationRun {
  verified: number;
  released: number;
  /** Left unverified for the next run: their owner did not answer. */
  skipped: number;
}

/**
 * Settles claims whose write may never have happened. A claim is made just
 * before the write that records the use (the tweet, the post, the new avatar,
 * cover or icon); when that write fails, the caller gives the claim back
 * (`media.release-claims`), but a crash between the two, or a give-back that
 * never arrived, leaves a claim the subject does not use, which would keep its
 * upload forever.
 *
 * So every claim starts unverified. Once it is CLAIM_VERIFY_AFTER_SECONDS old,
 * the clean-up asks the subject's owner (over RPC, at most SUBJECTS_EXIST_MAX
 * ids a call): for a tweet or a community post, whether it exists; for a
 * profile or cover image, or a community icon, which image the user or the
 * community shows now (their existence proves nothing: an update that failed
 * leaves them there). Claims that stand (the subject exists; the upload is
 * the current image, compared by upload id) are marked verified and never
 * asked about again; the others are given back as a failed write's would be
 * (the upload is unclaimed again, and deleted after the unclaimed TTL unless
 * something claims it). An owner that does not answer is not asked again in
 * this run, and its claims wait for the next. The cost stays bounded: only
 * unverified claims are read, in batches along an index, each visited once a run.
 *
 * Why this cannot release a claim its subject relies on:
 * - The claim is the last step before the write, which commits (or fails)
 *   far within the grace period: a tweet or post that does not exist when
 *   asked about will never exist, and an image that is not current was either
 *   never set (the update failed or died) or set and replaced since.
 * - Replaced since: the replacing update's `user.updated`/`community.updated`
 *   releases that claim anyway (deleting the upload at once); giving it back
 *   here first only leaves the upload unclaimed, then deleted a day later.
 *   A deleted tweet or post is likewise the events' to release.
 * - The same image named again by a newer update (set back, or sent again
 *   with other changes): that claim call makes the claim anew (claimed now,
 *   unverified, see `UploadsRepository.claim`), so it waits out its own grace
 *   period, and the verdict here is written only to the claim as it was read
 *   (`claimedAt`): one made anew between the answer and the write is left for
 *   the next run. Both lock the uploads first, so they never cross.
 * - A verified claim is never asked about again, which is safe: the image was
 *   current then, and replacing it later sends the event that releases it.
 * Racing the other way, a give-back after a failed write only touches the
 * unverified claims its own call made alone (see `ClaimsService.releaseFailed`),
 * and a failure after the commit (an answer lost) is never given back by the
 * caller: it waits for this check. Both paths lock the uploads before they
 * delete a claim, and delete only unverified ones, so they may repeat each
 * other harmlessly.
 */
@Injectable()
export class ClaimVerificationService {
  private readonly logger = new Logger(ClaimVerificationService.name);

  constructor(
    @Inject(MEDIA_CONFIG) private readonly config: MediaConfig,
    private readonly uploads: UploadsRepository,
    private readonly rpc: RpcClient,
  ) {}

  /** Checks every claim unverified for longer than the grace period. */
  async verify(now: Date = new Date()): Promise<VerificationRun> {
    const madeBefore = new Date(now.getTime() - this.config.CLAIM_VERIFY_AFTER_SECONDS * 1000);
    const run: VerificationRun = { verified: 0, released: 0, skipped: 0 };
    const unanswered = new Set<RpcName>();
    let after: UnverifiedClaim | null = null;
    for (;;) {
      const batch = await this.uploads.unverifiedClaims(madeBefore, after, BATCH);
      await this.settle(batch, unanswered, run);
      after = batch.at(-1) ?? null;
      if (batch.length < BATCH) break;
    }
    if (run.verified + run.released + run.skipped > 0) {
      this.logger.log(
        `Claims checked: ${run.verified} verified, ${run.released} released, ${run.skipped} left for the next run`,
      );
    }
    return run;
  }

  private async settle(
    batch: UnverifiedClaim[],
    unanswered: Set<RpcName>,
    run: VerificationRun,
  ): Promise<void> {
    const byOwner = new Map<SubjectOwner, UnverifiedClaim[]>();
    for (const claim of batch) {
      // Purposes are a closed set written by the claim call; anything else is left alone.
      if (!isPurpose(claim.purpose)) continue;
      const owner = OWNERS[claim.purpose];
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), claim]);
    }
    const standing: UnverifiedClaim[] = [];
    const orphans: UnverifiedClaim[] = [];
    for (const [owner, claims] of byOwner) {
      const stands = unanswered.has(owner.call)
        ? null
        : await this.ask(owner, [...new Set(claims.map((claim) => claim.subjectId))]);
      if (!stands) {
        unanswered.add(owner.call);
        run.skipped += claims.length;
        continue;
      }
      for (const claim of claims) (stands(claim) ? standing : orphans).push(claim);
    }
    await this.uploads.markVerified(standing);
    run.verified += standing.length;
    run.released += await this.uploads.unclaim(orphans);
  }

  /** Which claims on `ids` stand; null when the owner does not answer. */
  private async ask(owner: SubjectOwner, ids: string[]): Promise<Stands | null> {
    const answers: Stands[] = [];
    for (let start = 0; start < ids.length; start += SUBJECTS_EXIST_MAX) {
      try {
        answers.push(await owner.ask(this.rpc, ids.slice(start, start + SUBJECTS_EXIST_MAX)));
      } catch (error) {
        if (!(error instanceof RpcUnavailableError)) throw error;
        this.logger.warn(`${error.message}: its claims wait for the next run`);
        return null;
      }
    }
    // Each subject is in one chunk: the others say nothing of it.
    return (claim) => answers.some((stands) => stands(claim));
  }
}
