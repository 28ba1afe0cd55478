import { defineService } from '@wave/service-runtime';
import { AppModule } from './app.module';
import { AuthorEntity } from './authors/author.entity';
import { CommunityEntity } from './communities/community.entity';
import { JoinRequestEntity, MembershipEntity } from './communities/membership.entity';
import { COMMUNITIES_SCHEMA, loadCommunitiesConfig } from './config/communities.config';
import { COMMUNITIES_MIGRATIONS } from './database/migrations';
import { CommentEntity, PostEntity, PostLikeEntity, PostShareEntity } from './posts/post.entity';

/** Communities, their members and join requests, and their posts, comments, likes and shares. */
export const communitiesService = defineService({
  name: 'communities',
  schema: COMMUNITIES_SCHEMA,
  entities: [
    AuthorEntity,
    CommunityEntity,
    MembershipEntity,
    JoinRequestEntity,
    PostEntity,
    PostLikeEntity,
    PostShareEntity,
    CommentEntity,
  ],
  migrations: COMMUNITIES_MIGRATIONS,
  loadConfig: loadCommunitiesConfig,
  module: (config) => AppModule.register(config),
  events: true,
  rpc: () => ({}),
});
