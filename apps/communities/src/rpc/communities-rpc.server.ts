import { Inject, Injectable } from '@nestjs/common';
import { RpcEndpoint } from '@wave/rpc';
import { CommunitiesRepository } from '../communities/communities.repository';
import type { CommunitiesConfig } from '../config/communities.config';
import { COMMUNITIES_CONFIG } from '../config/communities.config';
import { PostsRepository } from '../posts/posts.repository';

/**
 * Communities' answers to other services, for media's check of the claims on
 * their images: which posts exist, and each community's current icon.
 */
@Injectable()
export class CommunitiesRpcServer extends RpcEndpoint {
  constructor(
    @Inject(COMMUNITIES_CONFIG) config: CommunitiesConfig,
    communities: CommunitiesRepository,
    posts: PostsRepository,
  ) {
    super({ url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX });
    this.server.handle('communities.posts-exist', async ({ ids }) => ({
      existing: await posts.existingIds(ids),
    }));
    this.server.handle('communities.community-icons', async ({ ids }) => ({
      communities: await communities.iconsOf(ids),
    }));
  }
}
