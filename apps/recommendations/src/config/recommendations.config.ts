import { z } from 'zod';
import { booleanVar, databaseEnvShape, loadConfig, portVar, serviceEnvSchema } from '@wave/config';
import { SERVICE_PORTS } from '@wave/contracts';

const count = (fallback: number, max = 1_000_000) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const recommendationsEnvSchema = serviceEnvSchema({
  ...databaseEnvShape,
  PORT: portVar(SERVICE_PORTS.recommendations),
  /** How long a member's ranked list is kept (spec: 5 minutes); their own actions clear it. */
  CACHE_TTL_SECONDS: count(300, 86_400),
  /**
   * How long a call to identity or communities may take when a list is read (to leave out who
   * the member followed and what they joined a moment ago); past it, the service's own
   * projection decides alone.
   */
  OWNER_CHECK_TIMEOUT_MS: count(300, 10_000),
  /** How often the ranker is retrained from what members did with what they were shown. */
  TRAINING_INTERVAL_SECONDS: count(3600, 7 * 86_400),
  /** Whether this process runs the training job (the schedule is shared by the replicas that do). */
  TRAINING_ENABLED: booleanVar(true),
  /** A shown item nobody acted on counts as ignored after this many hours. */
  IGNORED_AFTER_HOURS: count(72, 24 * 90),
  /** Shown items and their outcomes are kept this many days for training. */
  IMPRESSIONS_RETENTION_DAYS: count(60, 3650),
});

export type RecommendationsConfig = z.infer<typeof recommendationsEnvSchema>;
export const RECOMMENDATIONS_CONFIG = Symbol('RECOMMENDATIONS_CONFIG');
/** The recommendations service's own PostgreSQL schema. */
export const RECOMMENDATIONS_SCHEMA = 'recommendations';

export const loadRecommendationsConfig = (
  env: Record<string, string | undefined>,
): RecommendationsConfig => loadConfig(recommendationsEnvSchema, env);
