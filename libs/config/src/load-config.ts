import { z } from 'zod';
import { EVENT_CONSUMERS } from '@wave/contracts';
import {
  builtInSecretsOf,
  refuseBuiltInSecrets,
  RUNTIME_MODES,
  secretVar,
  withBuiltInSecrets,
} from './secret-var';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses environment variables with a schema. Every variable has a default that
 * works on one machine, secrets only in development and test (see serviceEnvSchema);
 * a wrong or missing value stops the app before it serves anything.
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

/**
 * One URL or several, comma-separated (the replicas of one service, say): each must parse and
 * use one of `protocols`, and none may be listed twice.
 */
export const urlListVar = (fallback: string, protocols: readonly string[]) =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    )
    .pipe(
      z
        .array(
          z
            .url()
            // zod goes on checking a value that failed: only a URL that parses is looked at.
            .refine(
              (value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol),
              {
                message: `must use ${protocols.join(' or ')}`,
              },
            ),
        )
        .min(1, { message: 'must name at least one URL' })
        .refine(
          (urls) =>
            new Set(urls.map((url) => (URL.canParse(url) ? new URL(url).origin : url))).size ===
            urls.length,
          {
            message: 'names one origin twice',
          },
        ),
    );

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
/**
 * INTERNAL_AUTH_SECRET when it is unset in development and test. It is public (it is in
 * this repository), so any other mode refuses it.
 */
export const DEVELOPMENT_INTERNAL_SECRET = 'wave-development-internal-secret-change-me';

/** Variables every service shares. */
export const commonEnvShape = {
  /** Unset means production: only development and test have built-in secrets. */
  NODE_ENV: z.enum(RUNTIME_MODES).default('production'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  HOST: z.string().min(1).default('127.0.0.1'),
  REDIS_URL: urlVar(DEFAULT_REDIS_URL, ['redis:', 'rediss:']),
  /**
   * Where Prometheus scrapes `/metrics`: a port of the service's own, apart from its API (which
   * only the gateway reaches). Unset or 0: no listener (`npm start`, compose and k8s set it).
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * The services that consume events in this deployment (all of them by default): the outbox
   * relays send each event only to these, so no queue fills for a service that is not deployed.
   */
  EVENT_SUBSCRIBERS: listVar(EVENT_CONSUMERS).pipe(
    z
      .array(z.enum(EVENT_CONSUMERS, { message: `each one of ${EVENT_CONSUMERS.join(', ')}` }))
      .min(1, { message: 'at least one consumer (every event would be dropped)' }),
  ),
  /**
   * On SIGTERM, how long the service reports not ready while still serving, before it closes:
   * the time its load balancer takes to stop sending it requests (k8s: 10 s).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** How long closing (requests and jobs in flight) may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /**
   * Where traces go, with OTLP over HTTP (an OpenTelemetry Collector's `http://collector:4318`):
   * unset, the service records none. The exporter's other standard variables
   * (OTEL_EXPORTER_OTLP_HEADERS, _TIMEOUT, _COMPRESSION) are read by the exporter itself.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .refine(
      (value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol),
      {
        message: 'must use http: or https:',
      },
    )
    .optional(),
  /** The service's name in traces, when not its own (`timeline`). */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  /** The share of new traces recorded, 0 to 1 (1 by default); a continued trace follows its caller. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** Prefix of every Redis key and queue, so deployments (and test runs) can share a server. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[a-z0-9_-]*:?$/i, {
      message: 'letters, digits, - and _ only, optionally ending with :',
    })
    .default('wave:'),
  /** Signs the identity header and upload URLs (each with its own key derived from it). */
  INTERNAL_AUTH_SECRET: secretVar({
    kind: 'key',
    minLength: 32,
    advice: '32+ random characters, e.g. `openssl rand -hex 32`',
    developmentDefault: DEVELOPMENT_INTERNAL_SECRET,
  }),
};

export const databaseEnvShape = {
  /** Its default carries a password, so it is a secret too. */
  DATABASE_URL: secretVar({
    kind: 'url',
    protocols: ['postgres:', 'postgresql:'],
    advice: 'postgres://USER:PASSWORD@HOST:5432/DATABASE',
    developmentDefault: DEFAULT_DATABASE_URL,
  }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
};

/**
 * An app's environment schema: the common variables and the app's own. Secret variables
 * (secretVar) take their built-in values only in development and test; in any other mode
 * (an unset NODE_ENV included) they must be set, and their built-in values are refused.
 */
export function serviceEnvSchema<Shape extends z.ZodRawShape>(shape: Shape) {
  const fullShape = { ...commonEnvShape, ...shape };
  const secrets = builtInSecretsOf(fullShape);
  return z.preprocess(
    (input) => withBuiltInSecrets(input, secrets),
    z.object(fullShape).superRefine((config, context) => {
      refuseBuiltInSecrets(config, secrets, context);
      const { PORT, METRICS_PORT } = config as { PORT?: unknown; METRICS_PORT?: unknown };
      if (METRICS_PORT !== undefined && METRICS_PORT !== 0 && METRICS_PORT === PORT) {
        context.addIssue({
          code: 'custom',
          path: ['METRICS_PORT'],
          message: 'must differ from PORT (the metrics have a port of their own)',
        });
      }
    }),
  );
}
