import { z } from 'zod';
import {
  allowsBuiltInSecrets,
  databaseEnvShape,
  loadConfig,
  portVar,
  secretRequiredMessage,
  secretVar,
  serviceEnvSchema,
} from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';

/** An unset variable, or one set to nothing (`MEILI_URL=` in a compose file), is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const MEILI_MASTER_KEY_ADVICE = '16+ random bytes, e.g. `openssl rand -hex 32`';

export const searchEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.search),
  /**
   * Meilisearch (http://meilisearch:7700 in compose and k8s): when set, search runs
   * its Meilisearch engine; unset, the PostgreSQL engine in its own schema.
   */
  MEILI_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' })),
  /**
   * How long a search's first page is kept in memory for the same search (0: not at all). New,
   * edited and deleted posts drop what they change at once; what they cannot name (typo matches,
   * hashtag counts, other replicas' writes) is at most this old.
   */
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Searches kept at most (the least recently asked go first). */
  SEARCH_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(10_000),
  /** The Meilisearch master key (or an API key allowed to manage the indexes). */
  MEILI_MASTER_KEY: optional(
    secretVar({ kind: 'key', minLength: 16, advice: MEILI_MASTER_KEY_ADVICE }),
  ),
}).refine(
  (config) =>
    allowsBuiltInSecrets(config.NODE_ENV) ||
    config.MEILI_URL === undefined ||
    config.MEILI_MASTER_KEY !== undefined,
  {
    // A local Meilisearch may run without a key; any other needs one.
    message: secretRequiredMessage(MEILI_MASTER_KEY_ADVICE, 'when MEILI_URL is'),
    path: ['MEILI_MASTER_KEY'],
  },
);

export type SearchConfig = z.infer<typeof searchEnvSchema>;
export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');
/** The search service's own PostgreSQL schema. */
export const SEARCH_SCHEMA = 'search';

export const loadSearchConfig = (env: Record<string, string | undefined>): SearchConfig =>
  loadConfig(searchEnvSchema, env);
