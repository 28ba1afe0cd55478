import { z } from 'zod';
import { IMPRESSIONS_MAX_POSTS, PAGE_URL_MAX_LENGTH, USER_AGENT_MAX_LENGTH } from '@wave/contracts';
import { VISITOR_KEY_PATTERN } from '@wave/internal-auth';
import type { QueueName } from '@wave/contracts';

/**
 * Analytics' own job queue: batches of page views and impressions, written one transaction
 * each by analytics' ingest worker. The gateway adds the page views (it answers
 * `POST /api/seo/track` itself), analytics the impressions.
 */
export const INGEST_QUEUE = 'analytics-ingest' satisfies QueueName;

export const VIEW_KINDS = ['page', 'crawler', 'impression'] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

/** One page view or impression report, as the service received it. */
export const viewRecordSchema = z.object({
  /** When the service received it (the day and hour it counts in). */
  at: z.iso.datetime({ offset: true }),
  kind: z.enum(VIEW_KINDS),
  /** The page's path and query (page and crawler views). */
  url: z.string().max(PAGE_URL_MAX_LENGTH).nullable(),
  /** Posts seen: the post of a `/tweet/{id}` page, or those an impression report names. */
  postIds: z.array(z.uuid()).max(IMPRESSIONS_MAX_POSTS),
  userId: z.uuid().nullable(),
  /** The gateway's visitor key (`x-wave-visitor`). */
  visitor: z.string().regex(VISITOR_KEY_PATTERN).nullable(),
  /** Kept for crawlers only (which crawler it was). */
  userAgent: z.string().max(USER_AGENT_MAX_LENGTH).nullable(),
});
export type ViewRecord = z.infer<typeof viewRecordSchema>;

export const ingestBatchJobSchema = z.object({
  batchId: z.uuid(),
  views: z.array(viewRecordSchema).min(1),
});
export type IngestBatchJob = z.infer<typeof ingestBatchJobSchema>;
