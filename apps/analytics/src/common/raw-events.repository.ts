import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One raw event: a page view, a post view that counted, or an engagement event. */
export interface RawEvent {
  occurredAt: Date;
  /** `page_view`, `crawler_view`, `post_view`, or the event's name (`like.created`, …). */
  kind: string;
  path?: string | null;
  postId?: string | null;
  /** Who did it (the viewer, the one who liked or followed), when known. */
  userId?: string | null;
  /** Whom it concerns (the post's author, the one followed), when known. */
  subjectId?: string | null;
  viewer?: string | null;
  userAgent?: string | null;
  /** The event or batch it came from. */
  sourceId?: string | null;
}

/** A counted view of a post (the first of its viewer that day), as a raw event of `batchId`. */
export const postViewEvent = (
  view: {
    at: Date;
    postId: string;
    userId: string | null;
    authorId: string | null;
    viewer: string;
  },
  batchId: string,
): RawEvent => ({
  occurredAt: view.at,
  kind: 'post_view',
  postId: view.postId,
  userId: view.userId,
  subjectId: view.authorId,
  viewer: view.viewer,
  sourceId: batchId,
});

/** The instants raw events are kept for: the day partitions that surely exist. */
export interface RawEventsWindow {
  from: Date;
  to: Date;
}

/**
 * Writes raw events into `raw_events` (partitioned by day), in the caller's
 * transaction. Events outside the window (older than the retention, as events
 * of the backlog may be, or ahead of the partitions) are not kept raw: their
 * rollups still count them.
 */
@Injectable()
export class RawEventsRepository {
  async insert(manager: EntityManager, events: RawEvent[], window: RawEventsWindow): Promise<void> {
    const kept = events.filter(
      (event) => event.occurredAt >= window.from && event.occurredAt < window.to,
    );
    if (kept.length === 0) return;
    const column = <K extends keyof RawEvent>(key: K) => kept.map((event) => event[key] ?? null);
    await manager.query(
      `INSERT INTO raw_events
         (occurred_at, kind, path, post_id, user_id, subject_id, viewer, user_agent, source_id)
       SELECT * FROM unnest($1::timestamptz[], $2::varchar[], $3::varchar[], $4::uuid[],
         $5::uuid[], $6::uuid[], $7::varchar[], $8::varchar[], $9::uuid[])`,
      [
        column('occurredAt'),
        column('kind'),
        column('path'),
        column('postId'),
        column('userId'),
        column('subjectId'),
        column('viewer'),
        column('userAgent'),
        column('sourceId'),
      ],
    );
  }
}
