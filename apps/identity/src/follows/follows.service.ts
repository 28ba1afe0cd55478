import { Injectable } from '@nestjs/common';
import type { FollowStatusResponse, Page, PageQuery, UserResponse } from '@wave/contracts';
import type { KeysetPosition } from '@wave/database';
import { decodeKeysetCursor, encodeKeysetCursor } from '@wave/database';
import { EventOutbox } from '@wave/messaging';
import { IdentityException } from '../common/identity.exception';
import { toUserResponse } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import type { FollowEdge } from './follows.repository';
import { FollowsRepository } from './follows.repository';

@Injectable()
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly users: UsersRepository,
    private readonly usersService: UsersService,
    private readonly outbox: EventOutbox,
  ) {}

  /**
   * Follows a user. Idempotent: following again changes nothing. The counters
   * move only when the edge is created, under row locks taken in id order, so
   * they stay exact under concurrent clicks. `at` backdates the follow (the
   * demo seed's history); now when not given.
   */
  follow(followerId: string, followeeId: string, at?: Date): Promise<FollowStatusResponse> {
    return this.set(followerId, followeeId, true, at);
  }

  /**
   * Follows in bulk (the demo seed's graph), in one transaction: every user involved locked in
   * id order, then one statement that adds the missing follows and moves the counters, then
   * their events in one insert. Follows that exist, of oneself or of users that do not exist
   * are skipped; returns how many were added.
   */
  async followMany(
    edges: readonly { followerId: string; followeeId: string; at?: Date | undefined }[],
  ): Promise<number> {
    if (edges.length === 0) return 0;
    return this.outbox.transaction(async (manager) => {
      const ids = new Set(edges.flatMap((edge) => [edge.followerId, edge.followeeId]));
      await this.users.lockInOrder(manager, [...ids]);
      const added = (await this.follows.addMany(manager, edges)).sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
      await this.outbox.appendMany(
        manager,
        added.map(({ followerId, followeeId, createdAt }) => ({
          name: 'follow.created',
          payload: { followerId, followeeId, createdAt: createdAt.toISOString() },
        })),
      );
      return added.length;
    });
  }

  /** Unfollows a user. Idempotent, like follow. */
  unfollow(followerId: string, followeeId: string): Promise<FollowStatusResponse> {
    return this.set(followerId, followeeId, false);
  }

  async followers(
    reference: string,
    query: PageQuery,
    readerId: string | null,
  ): Promise<Page<UserResponse>> {
    const user = await this.usersService.findByReference(reference);
    return this.page(query, readerId, (limit, after) =>
      this.follows.followersOf(user.id, limit, after),
    );
  }

  async following(
    reference: string,
    query: PageQuery,
    readerId: string | null,
  ): Promise<Page<UserResponse>> {
    const user = await this.usersService.findByReference(reference);
    return this.page(query, readerId, (limit, after) =>
      this.follows.followingOf(user.id, limit, after),
    );
  }

  private set(
    followerId: string,
    followeeId: string,
    on: boolean,
    at?: Date,
  ): Promise<FollowStatusResponse> {
    if (followerId === followeeId) throw new IdentityException('CANNOT_FOLLOW_SELF');
    return this.outbox.transaction(async (manager) => {
      // Both users, in id order (two members following each other at once cannot deadlock).
      const found = await this.users.lockInOrder(manager, [followerId, followeeId]);
      if (!found.includes(followeeId)) throw new IdentityException('USER_NOT_FOUND');
      if (!found.includes(followerId)) throw new IdentityException('NOT_SIGNED_IN');
      const change = await this.follows.set(manager, followerId, followeeId, on, at);
      if (change.changedAt) {
        const at = change.changedAt.toISOString();
        if (on)
          await this.outbox.append(manager, 'follow.created', {
            followerId,
            followeeId,
            createdAt: at,
          });
        else
          await this.outbox.append(manager, 'follow.deleted', {
            followerId,
            followeeId,
            deletedAt: at,
          });
      }
      return { userId: followeeId, isFollowing: on, followersCount: change.followersCount };
    });
  }

  private async page(
    query: PageQuery,
    readerId: string | null,
    load: (limit: number, after: KeysetPosition | null) => Promise<FollowEdge[]>,
  ): Promise<Page<UserResponse>> {
    const after = query.cursor ? decodeKeysetCursor(query.cursor) : null;
    if (query.cursor && !after) throw new IdentityException('INVALID_CURSOR');
    const edges = await load(query.limit + 1, after);
    const pageEdges = edges.slice(0, query.limit);
    const ids = pageEdges.map((edge) => edge.userId);
    const [users, followed] = await Promise.all([
      this.users.findByIds(ids),
      readerId ? this.follows.followedAmong(readerId, ids) : Promise.resolve(new Set<string>()),
    ]);
    const byId = new Map(users.map((user) => [user.id, user]));
    const items = pageEdges.flatMap((edge) => {
      const user = byId.get(edge.userId);
      if (!user) return [];
      const self = readerId === user.id;
      return [
        toUserResponse(user, {
          self: false,
          isFollowing: readerId && !self ? followed.has(user.id) : undefined,
        }),
      ];
    });
    const last = pageEdges[pageEdges.length - 1];
    return {
      items,
      nextCursor:
        edges.length > query.limit && last
          ? encodeKeysetCursor({ at: last.createdAt, id: last.userId })
          : null,
    };
  }
}
