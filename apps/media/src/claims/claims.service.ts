import { Injectable, Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { EventPayload, RpcRequest, RpcResponse } from '@wave/contracts';
import { ObjectStorage } from '../storage/object-storage';
import type { UploadEntity } from '../uploads/upload.entity';
import { storedKeysOf, uploadIdOf, uploadIdOfImage } from '../uploads/upload-signature.util';
import { UploadsRepository } from '../uploads/uploads.repository';

/** The upload a current image is, as a `keep` list (none for no image or a non-upload path). */
function current(path: string | null): string[] {
  const id = path ? uploadIdOfImage(path) : null;
  return id ? [id] : [];
}

/**
 * Claims uploads for what uses them (a tweet, a community post or icon, a
 * profile or cover image), and releases them when that goes away: an upload
 * whose last claim is released is deleted, objects and all, and its URL
 * answers 404 from then on. Claims are all or nothing; unclaimed uploads
 * expire on their own (the clean-up job). A claim given back because the
 * write that made it failed does not delete the upload: it is unclaimed again.
 */
@Injectable()
export class ClaimsService {
  private readonly logger = new Logger(ClaimsService.name);

  constructor(
    private readonly uploads: UploadsRepository,
    private readonly storage: ObjectStorage,
  ) {}

  async claim(
    request: RpcRequest<'media.claim-objects'>,
  ): Promise<RpcResponse<'media.claim-objects'>> {
    const ids: string[] = [];
    for (const objectPath of request.objectPaths) {
      const id = uploadIdOf(objectPath);
      if (!id) return { ok: false, reason: 'not-an-upload', objectPath };
      ids.push(id);
    }
    const found = new Map((await this.uploads.findMany(ids)).map((upload) => [upload.id, upload]));
    for (const [index, id] of ids.entries()) {
      const objectPath = request.objectPaths[index] ?? '';
      const upload = found.get(id);
      if (!upload || upload.status !== 'stored')
        return { ok: false, reason: 'not-found', objectPath };
      if (upload.ownerId !== request.ownerId) return { ok: false, reason: 'not-yours', objectPath };
    }
    const claimId = uuidv7();
    if (!(await this.uploads.claim(ids, request.purpose, request.subjectId, claimId))) {
      // Released between the check and the claim (another use of it deleted meanwhile).
      return { ok: false, reason: 'not-found', objectPath: request.objectPaths[0] ?? '' };
    }
    return { ok: true, claimId };
  }

  /**
   * Gives back what a failed write claimed: the owner's uploads stay (the user
   * may retry with them), unclaimed again unless something else uses them.
   *
   * Only the claims that call made alone go. A subject that exists keeps its
   * claims: the icon or avatar it already had was claimed by an earlier call,
   * and when two calls claim the same new use at once (two updates naming one
   * icon, one of them failing), the second clears the claim id, so the failed
   * one cannot take away what the other's commit relies on. A claim verified
   * meanwhile stays too. What this leaves behind unverified, the clean-up asks
   * the owner about.
   */
  async releaseFailed(
    request: RpcRequest<'media.release-claims'>,
  ): Promise<RpcResponse<'media.release-claims'>> {
    return { released: await this.uploads.giveBack(request, request.ownerId) };
  }

  /** A deleted tweet's images. */
  tweetDeleted(event: EventPayload<'tweet.deleted'>): Promise<number> {
    return this.release([{ purpose: 'tweet', subjectId: event.tweetId }], {});
  }

  /** A deleted community post's media. */
  communityPostDeleted(event: EventPayload<'community.post.deleted'>): Promise<number> {
    return this.release([{ purpose: 'community-post', subjectId: event.postId }], {});
  }

  /**
   * A community's replaced icons: every one claimed for it before this change
   * except the current one, when the version is newer than the last applied.
   * An event from before events carried the icon and version changes nothing.
   */
  communityUpdated(event: EventPayload<'community.updated'>): Promise<number> {
    if (event.version === undefined || event.iconUrl === undefined) return Promise.resolve(0);
    return this.release(
      [{ purpose: 'community-icon', subjectId: event.communityId, keep: current(event.iconUrl) }],
      {
        claimedBefore: new Date(event.updatedAt),
        version: { kind: 'community', subjectId: event.communityId, version: event.version },
      },
    );
  }

  /**
   * The profile and cover images a user no longer shows: every one claimed
   * for them before this change, except the current ones. An older version
   * heard after a newer one changes nothing.
   */
  userUpdated(event: EventPayload<'user.updated'>): Promise<number> {
    return this.release(
      [
        { purpose: 'profile', subjectId: event.userId, keep: current(event.profileImageUrl) },
        { purpose: 'cover', subjectId: event.userId, keep: current(event.coverImageUrl) },
      ],
      {
        claimedBefore: new Date(event.updatedAt),
        version: { kind: 'user', subjectId: event.userId, version: event.version },
      },
    );
  }

  private async release(
    subjects: Parameters<UploadsRepository['release']>[0],
    options: Parameters<UploadsRepository['release']>[1],
  ): Promise<number> {
    const deleted = await this.uploads.release(subjects, options, (uploads: UploadEntity[]) =>
      this.storage.remove(storedKeysOf(uploads.map((upload) => upload.id))),
    );
    if (deleted > 0) this.logger.log(`Deleted ${deleted} released uploads`);
    return deleted;
  }
}
