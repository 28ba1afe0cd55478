import { Inject, Injectable } from '@nestjs/common';
import type { RpcRequest, RpcResponse } from '@wave/contracts';
import { keysetPage, RpcEndpoint } from '@wave/rpc';
import { CommunitiesRepository } from '../communities/communities.repository';
import type { CommunitiesConfig } from '../config/communities.config';
import { COMMUNITIES_CONFIG } from '../config/communities.config';
import { PostsRepository } from '../posts/posts.repository';

/**
 * Communities' answers to other services: every community, a page at a time in
 * id order, for projections rebuilt from scratch (analytics' backfill). A page
 * asks for one row more than it returns, so `next` is null exactly after the
 * last row. And, for media's check of the claims on their images, which posts
 * exist and each community's current icon; and which of some communities a member is in, for
 * recommendations.
 */
@Injectable()
export class CommunitiesRpcServer extends RpcEndpoint {
  constructor(
    @Inject(COMMUNITIES_CONFIG) config: CommunitiesConfig,
    private readonly communities: CommunitiesRepository,
    posts: PostsRepository,
  ) {
    super({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    this.server.handle('communities.communities-page', (request) => this.communitiesPage(request));
    this.server.handle('communities.posts-exist', async ({ ids }) => ({
      existing: await posts.existingIds(ids),
    }));
    this.server.handle('communities.joined-among', async ({ userId, ids }) => ({
      joined: await communities.joinedAmong(userId, ids),
    }));
    this.server.handle('communities.community-icons', async ({ ids }) => ({
      communities: await communities.iconsOf(ids),
    }));
  }

  private async communitiesPage({
    after,
    limit,
  }: RpcRequest<'communities.communities-page'>): Promise<
    RpcResponse<'communities.communities-page'>
  > {
    const page = keysetPage(
      await this.communities.pageById(after ?? null, limit + 1),
      limit,
      (community) => community.id,
    );
    return {
      items: page.rows.map((community) => ({
        // What community.created and community.updated tell analytics.
        id: community.id,
        ownerId: community.ownerId,
        name: community.name,
        isPrivate: community.isPrivate,
        version: community.version,
        createdAt: community.createdAt.toISOString(),
        updatedAt: community.updatedAt.toISOString(),
        ownerIds: community.ownerIds,
      })),
      next: page.next,
    };
  }
}
