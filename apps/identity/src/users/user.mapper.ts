import type { EventPayload, UserResponse } from '@wave/contracts';
import type { UserEntity } from './user.entity';

export interface UserView {
  /** The reader is this user: the email is included. */
  self: boolean;
  /** Whether the reader follows this user (signed-in readers looking at others). */
  isFollowing?: boolean;
}

export function toUserResponse(user: UserEntity, view: UserView): UserResponse {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    ...(view.self ? { email: user.email } : {}),
    bio: user.bio,
    profileImageUrl: user.profileImageUrl,
    coverImageUrl: user.coverImageUrl,
    createdAt: user.createdAt.toISOString(),
    followersCount: user.followersCount,
    followingCount: user.followingCount,
    pinnedTweetId: user.pinnedTweetId,
    verified: user.verified,
    ...(view.isFollowing === undefined ? {} : { isFollowing: view.isFollowing }),
  };
}

export const toUserRegisteredEvent = (user: UserEntity): EventPayload<'user.registered'> => ({
  userId: user.id,
  username: user.username,
  displayName: user.displayName,
  profileImageUrl: user.profileImageUrl,
  verified: user.verified,
  version: user.version,
  createdAt: user.createdAt.toISOString(),
});

export const toUserUpdatedEvent = (user: UserEntity): EventPayload<'user.updated'> => ({
  userId: user.id,
  username: user.username,
  displayName: user.displayName,
  firstName: user.firstName,
  lastName: user.lastName,
  bio: user.bio,
  profileImageUrl: user.profileImageUrl,
  coverImageUrl: user.coverImageUrl,
  verified: user.verified,
  version: user.version,
  updatedAt: user.updatedAt.toISOString(),
});
