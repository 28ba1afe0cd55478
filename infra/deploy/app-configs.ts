import { randomBytes } from 'node:crypto';
/* eslint-disable @nx/enforce-module-boundaries -- the deployment tests load each app's own
   configuration (as infra/bench does), which no library exports */
import { loadAnalyticsConfig } from '../../apps/analytics/src/config/analytics.config';
import { loadCommunitiesConfig } from '../../apps/communities/src/config/communities.config';
import { loadGatewayConfig } from '../../apps/gateway/src/config/gateway.config';
import { loadIdentityConfig } from '../../apps/identity/src/config/identity.config';
import { loadMediaConfig } from '../../apps/media/src/config/media.config';
import { loadRecommendationsConfig } from '../../apps/recommendations/src/config/recommendations.config';
import { loadSearchConfig } from '../../apps/search/src/config/search.config';
import { loadTimelineConfig } from '../../apps/timeline/src/config/timeline.config';
/* eslint-enable @nx/enforce-module-boundaries */

type Environment = Record<string, string | undefined>;

/**
 * Each deployed app's own configuration loader (`apps/<app>/src/config`), so the deployment
 * tests can check that what compose and the manifests give an app is what it accepts.
 */
export const CONFIG_LOADERS: Record<string, (env: Environment) => unknown> = {
  analytics: loadAnalyticsConfig,
  communities: loadCommunitiesConfig,
  gateway: loadGatewayConfig,
  identity: loadIdentityConfig,
  media: loadMediaConfig,
  recommendations: loadRecommendationsConfig,
  search: loadSearchConfig,
  timeline: loadTimelineConfig,
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** Values an operator would choose for each secret (`openssl rand -hex …`). */
export const realSecrets = (): Record<string, string> => ({
  INTERNAL_AUTH_SECRET: hex(32),
  DATABASE_URL: `postgres://wave:${hex(16)}@postgres.internal:5432/wave`,
  S3_ACCESS_KEY: 'wave-media',
  S3_SECRET_KEY: hex(20),
  MEILI_MASTER_KEY: hex(32),
  POSTGRES_PASSWORD: hex(16),
  MINIO_ROOT_PASSWORD: hex(20),
  GRAFANA_ADMIN_PASSWORD: hex(16),
});

/** The problems an app's configuration finds in an environment (none: it would start). */
export function configProblems(app: string, env: Environment): string {
  const load = CONFIG_LOADERS[app];
  if (!load) throw new Error(`apps/${app} has no loader in infra/deploy/app-configs.ts`);
  try {
    load(env);
    return '';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Whether an app has a PostgreSQL schema of its own: its configuration requires DATABASE_URL
 * in production. Such an app has migrations (`node main.js migrate`), run before each rollout.
 */
export const usesDatabase = (app: string): boolean =>
  configProblems(app, { NODE_ENV: 'production' }).includes('DATABASE_URL:');
