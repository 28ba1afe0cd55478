import { Inject, Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import { keysetPage, RpcEndpoint } from '@wave/rpc';
import type { IdentityConfig } from '../config/identity.config';
import { IDENTITY_CONFIG } from '../config/identity.config';
import { FollowsRepository } from '../follows/follows.repository';
import { UsersRepository } from '../users/users.repository';

/**
 * Identity's answers to other services: every user and every follow, a page at
 * a time in key order, for projections rebuilt from scratch (search's reindex).
 * A page asks for one row more than it returns, so `next` is null exactly
 * after the last row. And the current profile and cover images of users, for
 * media's check of the claims on them; and whom a member follows among some users, for
 * recommendations.
 */
@Injectable()
export class IdentityRpcServer extends RpcEndpoint {
  constructor(
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    private readonly users: UsersRepository,
    private readonly follows: FollowsRepository,
  ) {
    super({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    this.server.handle('identity.users-page', (request) => this.usersPage(request));
    this.server.handle('identity.follows-page', (request) => this.followsPage(request));
    this.server.handle('identity.followed-among', async ({ followerId, ids }) => ({
      followed: [...(await this.follows.followedAmong(followerId, ids))],
    }));
    this.server.handle('identity.user-images', async ({ ids }) => ({
      users: (await this.users.imagesOf(ids)).map((user) => ({
        id: user.id,
        profileImageUrl: user.profileImageUrl,
        coverImageUrl: user.coverImageUrl,
      })),
    }));
  }

  private async usersPage({
    after,
    limit,
  }: RpcRequest<'identity.users-page'>): Promise<RpcResponse<'identity.users-page'>> {
    const page = keysetPage(
      await this.users.pageById(after ?? null, limit + 1),
      limit,
      (user) => user.id,
    );
    return {
      items: page.rows.map((user) => ({
        // What user.registered and user.updated tell search (toUserUpdatedEvent).
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        profileImageUrl: user.profileImageUrl,
        verified: user.verified,
        version: user.version,
        updatedAt: user.updatedAt.toISOString(),
      })),
      next: page.next,
    };
  }

  private async followsPage({
    after,
    limit,
  }: RpcRequest<'identity.follows-page'>): Promise<RpcResponse<'identity.follows-page'>> {
    const page = keysetPage(
      await this.follows.pageByKey(after ?? null, limit + 1),
      limit,
      (row) => ({ followerId: row.followerId, followeeId: row.followeeId }),
    );
    return {
      items: page.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      next: page.next,
    };
  }
}
