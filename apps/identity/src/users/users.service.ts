import { Injectable, Logger } from '@nestjs/common';
import type { ProfileImageType, UpdateProfileRequest, UserResponse } from '@wave/contracts';
import { isUuid, USERNAME_PATTERN } from '@wave/contracts';
import { EventOutbox } from '@wave/messaging';
import type { ClaimRefusal } from '@wave/rpc';
import { claimObjects, releaseClaims, RpcClient } from '@wave/rpc';
import type { IdentityErrorCode } from '../common/identity.exception';
import { IdentityException } from '../common/identity.exception';
import { FollowsRepository } from '../follows/follows.repository';
import { toObjectPath } from './object-path.util';
import type { UserEntity } from './user.entity';
import { toUserResponse, toUserUpdatedEvent } from './user.mapper';
import type { UserChanges } from './users.repository';
import { UsersRepository } from './users.repository';

/** How a refused claim is answered. */
const CLAIM_REFUSALS: Record<ClaimRefusal, IdentityErrorCode> = {
  unavailable: 'IMAGES_UNAVAILABLE',
  'not-yours': 'IMAGE_NOT_YOURS',
  'not-found': 'INVALID_IMAGE_URL',
  'not-an-upload': 'INVALID_IMAGE_URL',
};

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly follows: FollowsRepository,
    private readonly outbox: EventOutbox,
    private readonly rpc: RpcClient,
  ) {}

  /** A user by id or username (case-insensitive), as the reader may see them. */
  async getByReference(reference: string, readerId: string | null): Promise<UserResponse> {
    const user = await this.findByReference(reference);
    const self = readerId === user.id;
    const isFollowing =
      readerId && !self ? await this.follows.isFollowing(readerId, user.id) : undefined;
    return toUserResponse(user, { self, isFollowing });
  }

  async findByReference(reference: string): Promise<UserEntity> {
    let user: UserEntity | null;
    if (isUuid(reference)) user = await this.users.findById(reference.toLowerCase());
    else if (USERNAME_PATTERN.test(reference)) user = await this.users.findByUsername(reference);
    else throw new IdentityException('INVALID_USER_REFERENCE');
    if (!user) throw new IdentityException('USER_NOT_FOUND');
    return user;
  }

  /** The signed-in user's own record (with the email). */
  async getSelf(userId: string): Promise<UserResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new IdentityException('NOT_SIGNED_IN');
    return toUserResponse(user, { self: true });
  }

  updateProfile(userId: string, request: UpdateProfileRequest): Promise<UserResponse> {
    const changes: UserChanges = {};
    if (request.displayName !== undefined) changes.displayName = request.displayName;
    if (request.firstName !== undefined) changes.firstName = request.firstName;
    if (request.lastName !== undefined) changes.lastName = request.lastName;
    if (request.bio !== undefined) changes.bio = request.bio;
    return this.applyChanges(userId, changes);
  }

  /** Sets the avatar or cover to an image the user uploaded (media checks it, and keeps it). */
  async updateProfileImage(
    userId: string,
    imageUrl: string,
    imageType: ProfileImageType,
  ): Promise<UserResponse> {
    const path = toObjectPath(imageUrl);
    if (!path) throw new IdentityException('INVALID_IMAGE_URL');
    // Claimed last, once the request can succeed, and given back if the update fails.
    if (!(await this.users.findById(userId))) throw new IdentityException('NOT_SIGNED_IN');
    const claim = await claimObjects(this.rpc, {
      ownerId: userId,
      objectPaths: [path],
      purpose: imageType,
      subjectId: userId,
    });
    if (!claim.ok) throw new IdentityException(CLAIM_REFUSALS[claim.reason]);
    const { claimId } = claim;
    return this.applyChanges(
      userId,
      imageType === 'profile' ? { profileImageUrl: path } : { coverImageUrl: path },
      () =>
        releaseClaims(
          this.rpc,
          { ownerId: userId, purpose: imageType, subjectId: userId, claimId },
          this.logger,
        ),
    );
  }

  /** Writes the changes; `rolledBack` undoes a claim made for them if they fail. */
  private async applyChanges(
    userId: string,
    changes: UserChanges,
    rolledBack?: () => Promise<void>,
  ): Promise<UserResponse> {
    const user = await this.outbox.transaction(
      async (manager) => {
        const updated = await this.users.update(manager, userId, changes);
        if (!updated) throw new IdentityException('NOT_SIGNED_IN');
        await this.outbox.append(manager, 'user.updated', toUserUpdatedEvent(updated));
        return updated;
      },
      { rolledBack },
    );
    return toUserResponse(user, { self: true });
  }
}
