import { z } from 'zod';
import {
  booleanVar,
  databaseEnvShape,
  loadConfig,
  portVar,
  serviceEnvSchema,
  urlVar,
} from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';
import { DEFAULT_SESSION_TTL_SECONDS } from '@wave/sessions';

export const identityEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.identity),
  /** Idle time after which a session ends (each use pushes it back). */
  SESSION_TTL_SECONDS: z.coerce.number().int().min(60).default(DEFAULT_SESSION_TTL_SECONDS),
  /** Mark the session cookie Secure (set it when the site is served over HTTPS). */
  COOKIE_SECURE: booleanVar(false),
  /** argon2id cost (OWASP: 19 MiB, 2 passes, 1 lane). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8192).default(19456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  /** The media service: the demo seed uploads the members' avatars and covers there. */
  MEDIA_URL: urlVar(`http://127.0.0.1:${SERVICE_PORTS.media}`, ['http:', 'https:']),
});

/** Identity's own PostgreSQL schema. */
export const IDENTITY_SCHEMA = 'identity';

export type IdentityConfig = z.infer<typeof identityEnvSchema>;
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export const loadIdentityConfig = (env: Record<string, string | undefined>): IdentityConfig =>
  loadConfig(identityEnvSchema, env);
