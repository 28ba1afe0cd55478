import { z } from 'zod';
import { text } from './text.contract';

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/**
 * Cursor pagination used by every list call: `?cursor=&limit=`.
 * The response carries `nextCursor`, null on the last page.
 */
export const pageQuerySchema = z.object({
  cursor: text('cursor', {
    kind: 'line',
    trim: false,
    max: 200,
    messages: { notText: 'cursor must be a string', tooLong: 'Invalid cursor' },
  }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(MAX_PAGE_LIMIT, { error: `limit must be at most ${MAX_PAGE_LIMIT}` })
    .default(DEFAULT_PAGE_LIMIT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
