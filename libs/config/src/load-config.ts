import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a schema. Every variable has a default that
 * works on one machine; a wrong value stops the app before it serves anything.
 */
export function loadConfig<T extends z.ZodType>(
  schema: T,
  env: Record<string, string | undefined>,
): z.infer<T> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  return result.data;
}

export const portVar = (fallback: number) =>
  z.coerce.number().int().min(1).max(65535).default(fallback);

export const urlVar = (fallback: string, protocols: readonly string[]) =>
  z
    .url()
    .default(fallback)
    .refine((value) => protocols.includes(new URL(value).protocol), {
      message: `must use ${protocols.join(' or ')}`,
    });

export const booleanVar = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const listVar = (fallback: readonly string[]) =>
  z
    .string()
    .default(fallback.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    );

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const DEFAULT_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/wave';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
/** Development only: production refuses to start with it (see internalSecretVar). */
export const DEVELOPMENT_INTERNAL_SECRET = 'wave-development-internal-secret-change-me';

/** Variables every service shares. */
export const commonEnvShape = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  REDIS_URL: urlVar(DEFAULT_REDIS_URL, ['redis:', 'rediss:']),
  /** Prefix of every Redis key and queue, so deployments (and test runs) can share a server. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]*:?$/i, {
      message: 'letters, digits, - and _ only, optionally ending with :',
    })
    .default('wave:'),
  INTERNAL_AUTH_SECRET: z
    .string()
    .min(32, { message: 'must be at least 32 characters' })
    .default(DEVELOPMENT_INTERNAL_SECRET),
};

export const databaseEnvShape = {
  DATABASE_URL: urlVar(DEFAULT_DATABASE_URL, ['postgres:', 'postgresql:']),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
};

/** Production must not run with the development secret. */
export const refuseDevelopmentSecretInProduction = (config: {
  NODE_ENV: string;
  INTERNAL_AUTH_SECRET: string;
}): boolean =>
  config.NODE_ENV !== 'production' || config.INTERNAL_AUTH_SECRET !== DEVELOPMENT_INTERNAL_SECRET;

export const productionSecretRule = {
  message: 'INTERNAL_AUTH_SECRET must be set to a secret of your own in production',
  path: ['INTERNAL_AUTH_SECRET'],
};
