import fastifyCookie from '@fastify/cookie';
import { defineService } from '@wave/service-runtime';
import { AppModule } from './app.module';
import { IDENTITY_SCHEMA, loadIdentityConfig } from './config/identity.config';
import { IDENTITY_MIGRATIONS } from './database/migrations';
import { FollowEntity } from './follows/follow.entity';
import { identityReplaySources } from './replay/identity-replay-sources';
import { UserEntity } from './users/user.entity';

/** Accounts, credentials, sessions, profiles and the follow graph. */
export const identityService = defineService({
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  entities: [UserEntity, FollowEntity],
  migrations: IDENTITY_MIGRATIONS,
  loadConfig: loadIdentityConfig,
  module: (config) => AppModule.register(config),
  events: true,
  rpc: () => ({}),
  replaySources: identityReplaySources,
  configureApp: async (app) => {
    await app.register(fastifyCookie);
  },
});
