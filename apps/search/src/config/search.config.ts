import { z } from 'zod';
import {
  commonEnvShape,
  databaseEnvShape,
  loadConfig,
  portVar,
  productionSecretRule,
  refuseDevelopmentSecretInProduction,
} from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';

/** An unset variable, or one set to nothing (`MEILI_URL=` in a compose file), is absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const searchEnvSchema = z
  .object({
    ...commonEnvShape,
    ...databaseEnvShape,
    PORT: portVar(SERVICE_PORTS.search),
    /**
     * Meilisearch (http://meilisearch:7700 in compose and k8s): when set, search runs
     * its Meilisearch engine; unset, the PostgreSQL engine in its own schema.
     */
    MEILI_URL: optional(z.url({ protocol: /^https?$/, error: 'must be an http: or https: URL' })),
    /** The Meilisearch master key (or an API key allowed to manage the indexes). */
    MEILI_MASTER_KEY: optional(z.string().min(1)),
  })
  .refine(refuseDevelopmentSecretInProduction, productionSecretRule)
  .refine(
    (config) =>
      config.NODE_ENV !== 'production' ||
      config.MEILI_URL === undefined ||
      config.MEILI_MASTER_KEY !== undefined,
    {
      message: 'MEILI_MASTER_KEY must be set in production when MEILI_URL is',
      path: ['MEILI_MASTER_KEY'],
    },
  );

export type SearchConfig = z.infer<typeof searchEnvSchema>;
export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');
/** The search service's own PostgreSQL schema. */
export const SEARCH_SCHEMA = 'search';

export const loadSearchConfig = (env: Record<string, string | undefined>): SearchConfig =>
  loadConfig(searchEnvSchema, env);

/** The only place search reads the environment. */
export const searchConfigFromEnvironment = (): SearchConfig => loadSearchConfig(process.env);
