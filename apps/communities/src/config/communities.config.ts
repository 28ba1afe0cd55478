import type { z } from 'zod';
import { databaseEnvShape, loadConfig, portVar, serviceEnvSchema, urlVar } from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';

export const communitiesEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.communities),
  /** The media service: the demo seed uploads the communities' icons and pictures there. */
  MEDIA_URL: urlVar(`http://127.0.0.1:${SERVICE_PORTS.media}`, ['http:', 'https:']),
});

export type CommunitiesConfig = z.infer<typeof communitiesEnvSchema>;
export const COMMUNITIES_CONFIG = Symbol('COMMUNITIES_CONFIG');
/** The communities service's own PostgreSQL schema. */
export const COMMUNITIES_SCHEMA = 'communities';

export const loadCommunitiesConfig = (env: Record<string, string | undefined>): CommunitiesConfig =>
  loadConfig(communitiesEnvSchema, env);
