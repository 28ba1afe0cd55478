import { defineService } from '@wave/service-runtime';
import { AppModule } from './app.module';
import { AppliedEventEntity } from './common/applied-event.entity';
import { RECOMMENDATIONS_SCHEMA, loadRecommendationsConfig } from './config/recommendations.config';
import { RECOMMENDATIONS_MIGRATIONS } from './database/migrations';
import { DismissalEntity, FeedbackEntity } from './feedback/feedback.entity';
import { ImpressionEntity } from './ranking/impression.entity';
import { ModelEntity } from './ranking/model.entity';
import { CommunityEntity } from './signals/community.entity';
import { CommunityMemberEntity } from './signals/community-member.entity';
import { CommunityPostEntity } from './signals/community-post.entity';
import { FollowEntity } from './signals/follow.entity';
import { InteractionEntity } from './signals/interaction.entity';
import { PostEntity } from './signals/post.entity';
import { PostTagEntity } from './signals/post-tag.entity';
import { SearchClickEntity } from './signals/search-click.entity';
import { UserEntity } from './signals/user.entity';
import { TermStatEntity, UserTermEntity } from './signals/user-term.entity';
import { UserTopicEntity } from './signals/user-topic.entity';

/** Who to follow, what to read and which communities to join, ranked from the others' events. */
export const recommendationsService = defineService({
  name: 'recommendations',
  schema: RECOMMENDATIONS_SCHEMA,
  entities: [
    AppliedEventEntity,
    UserEntity,
    FollowEntity,
    PostEntity,
    PostTagEntity,
    InteractionEntity,
    UserTopicEntity,
    UserTermEntity,
    TermStatEntity,
    CommunityEntity,
    CommunityMemberEntity,
    CommunityPostEntity,
    SearchClickEntity,
    FeedbackEntity,
    DismissalEntity,
    ImpressionEntity,
    ModelEntity,
  ],
  migrations: RECOMMENDATIONS_MIGRATIONS,
  loadConfig: loadRecommendationsConfig,
  module: (config) => AppModule.register(config),
  events: false,
  rpc: (config) => ({ timeoutMs: config.OWNER_CHECK_TIMEOUT_MS }),
});
