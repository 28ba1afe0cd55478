import { Injectable } from '@nestjs/common';
import type { ProfileImageType, UpdateProfileRequest, UserResponse } from '@wave/contracts';
import { isUuid, USERNAME_PATTERN } from '@wave/contracts';
import { EventOutbox } from '@wave/messaging';
import { RpcClient, RpcUnavailableError } from '@wave/rpc';
import { IdentityException } from '../common/identity.exception';
import { FollowsRepository } from '../follows/follows.repository';
import { toObjectPath } from './object-path.util';
import type { UserEntity } from './user.entity';
import { toUserResponse, toUserUpdatedEvent } from './user.mapper';
import type { UserChanges } from './users.repository';
import { UsersRepository } from './users.repository';

@Injectable()
export class UsersService {
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
    let claim;
    try {
      claim = await this.rpc.call('media.claim-objects', {
        ownerId: userId,
        objectPaths: [path],
        purpose: imageType,
        subjectId: userId,
      });
    } catch (error) {
      if (error instanceof RpcUnavailableError) throw new IdentityException('IMAGES_UNAVAILABLE');
      throw error;
    }
    if (!claim.ok) {
      throw new IdentityException(
        claim.reason === 'not-yours' ? 'IMAGE_NOT_YOURS' : 'INVALID_IMAGE_URL',
      );
    }
    return this.applyChanges(
      userId,
      imageType === 'profile' ? { profileImageUrl: path } : { coverImageUrl: path },
    );
  }

  private async applyChanges(userId: string, changes: UserChanges): Promise<UserResponse> {
    const user = await this.outbox.transaction(async (manager) => {
      const updated = await this.users.update(manager, userId, changes);
      if (!updated) throw new IdentityException('NOT_SIGNED_IN');
      await this.outbox.append(manager, 'user.updated', toUserUpdatedEvent(updated));
      return updated;
    });
    return toUserResponse(user, { self: true });
  }
}
