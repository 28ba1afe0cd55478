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

export const searchEnvSchema = z
  .object({
    ...commonEnvShape,
    ...databaseEnvShape,
    PORT: portVar(SERVICE_PORTS.search),
  })
  .refine(refuseDevelopmentSecretInProduction, productionSecretRule);

export type SearchConfig = z.infer<typeof searchEnvSchema>;
export const SEARCH_CONFIG = Symbol('SEARCH_CONFIG');
/** The search service's own PostgreSQL schema. */
export const SEARCH_SCHEMA = 'search';

export const loadSearchConfig = (env: Record<string, string | undefined>): SearchConfig =>
  loadConfig(searchEnvSchema, env);

/** The only place search reads the environment. */
export const searchConfigFromEnvironment = (): SearchConfig => loadSearchConfig(process.env);
