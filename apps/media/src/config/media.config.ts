import { z } from 'zod';
import {
  databaseEnvShape,
  loadConfig,
  portVar,
  secretVar,
  serviceEnvSchema,
  urlVar,
} from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * The local S3 server's (s3rver) credentials: the built-in S3 keys in development and test,
 * refused in any other mode (MinIO or AWS keys of your own there).
 */
export const DEVELOPMENT_S3_CREDENTIALS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };

export const mediaEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.media),
  /** The S3 API: s3rver on one machine, MinIO in compose and k8s, or any S3. */
  S3_ENDPOINT: urlVar('http://127.0.0.1:9000', ['http:', 'https:']),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY: secretVar({
    kind: 'identifier',
    advice: "your object store's access key",
    developmentDefault: DEVELOPMENT_S3_CREDENTIALS.accessKey,
  }),
  S3_SECRET_KEY: secretVar({
    kind: 'key',
    advice: "your object store's secret key, e.g. `openssl rand -hex 20` for MinIO",
    developmentDefault: DEVELOPMENT_S3_CREDENTIALS.secretKey,
  }),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a valid bucket name' })
    .default('wave-media'),
  /**
   * Put before the path of upload URLs. Empty (the default) gives a path, which the
   * browser resolves against the page's own origin (the web app proxies /objects).
   */
  PUBLIC_BASE_URL: z.string().default(''),
  UPLOAD_URL_TTL_SECONDS: count(15 * 60),
  UPLOAD_MAX_BYTES: count(25 * 1024 * 1024),
  /** Decoded images larger than this are refused (decompression bombs). */
  IMAGE_MAX_PIXELS: count(40_000_000),
  /** Width of the display variant shown in feeds. */
  DISPLAY_MAX_WIDTH: count(1080),
  /** Uploads nothing claims (a post, a profile) are deleted after this long. */
  UNCLAIMED_TTL_SECONDS: count(24 * 3600),
  CLEANUP_INTERVAL_SECONDS: count(3600),
  /**
   * Claims still unverified this long after they were made are checked with
   * their subject's owner by the clean-up. Far longer than a request takes
   * from its claim to its commit, so a subject still being written is never
   * taken for a missing one.
   */
  CLAIM_VERIFY_AFTER_SECONDS: count(15 * 60),
  /** Where uploads are spooled while they are checked (never held whole in memory). */
  UPLOAD_SPOOL_DIR: z.string().default(''),
});

export type MediaConfig = z.infer<typeof mediaEnvSchema>;
export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
/** Media's own PostgreSQL schema. */
export const MEDIA_SCHEMA = 'media';

export const loadMediaConfig = (env: Record<string, string | undefined>): MediaConfig =>
  loadConfig(mediaEnvSchema, env);
