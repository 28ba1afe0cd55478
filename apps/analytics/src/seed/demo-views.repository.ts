import type { DataSource } from 'typeorm';
import type { ViewablePost } from '@wave/demo-data';
import { claimApplied } from '../common/applied-ids';
import type {
  RawEvent,
  RawEventsRepository,
  RawEventsWindow,
} from '../common/raw-events.repository';
import { postViewEvent } from '../common/raw-events.repository';
import type { Increments } from '../rollups/rollup-increments.util';
import { addPostViews, emptyIncrements } from '../rollups/rollup-increments.util';
import type { RollupsRepository } from '../rollups/rollups.repository';

/** A view of a post on a day whose viewers analytics no longer keeps. */
export interface PastPostView {
  at: Date;
  postId: string;
  authorId: string;
  /** As the ingest keys viewers (`viewerKeyOf`). */
  viewer: string;
  userId: string | null;
}

/**
 * The demo seed's reads and its one write, and the seed's alone. Views of a
 * post count once per viewer and day, which the ingest checks against the
 * viewers it keeps for today and yesterday only; older views (the seed's
 * history) are written here straight into the raw events and the rollups, the
 * same rows the ingest writes, already once per viewer and day. A batch id
 * makes each write happen once.
 */
export class DemoViewsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollups: RollupsRepository,
    private readonly rawEvents: RawEventsRepository,
  ) {}

  /** Whether any page view was ever counted (the seed ran, or people use this site). */
  async hasPageViews(): Promise<boolean> {
    const rows: { found: boolean }[] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM page_daily_stats) AS found`,
    );
    return rows[0]?.found ?? false;
  }

  /** Page views counted on days from `since`'s. */
  async pageViewsSince(since: Date): Promise<number> {
    const rows: { views: number }[] = await this.dataSource.query(
      `SELECT COALESCE(sum(views), 0)::int AS views FROM page_daily_stats WHERE day >= $1::date`,
      [since.toISOString().slice(0, 10)],
    );
    return rows[0]?.views ?? 0;
  }

  /** How many events analytics has applied: it grows while its queue is being worked through. */
  async appliedEvents(): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM applied_events`,
    );
    return rows[0]?.n ?? 0;
  }

  /** How many posts (and replies) made from `since` analytics knows. */
  async postCountSince(since: Date): Promise<number> {
    const rows: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM posts WHERE created_at >= $1`,
      [since],
    );
    return rows[0]?.n ?? 0;
  }

  /** The posts made from `since` that are not deleted, with their engagement so far. */
  postsSince(since: Date): Promise<ViewablePost[]> {
    return this.dataSource
      .query<
        {
          id: string;
          author_id: string;
          parent_id: string | null;
          created_at: Date;
          likes: number;
          retweets: number;
          replies: number;
        }[]
      >(
        `SELECT p.id, p.author_id, p.parent_id, p.created_at,
           COALESCE(sum(d.likes - d.unlikes), 0)::int AS likes,
           COALESCE(sum(d.retweets - d.unretweets), 0)::int AS retweets,
           COALESCE(sum(d.replies), 0)::int AS replies
         FROM posts p LEFT JOIN post_daily_stats d ON d.post_id = p.id
         WHERE p.created_at >= $1 AND p.deleted_at IS NULL
         GROUP BY p.id ORDER BY p.created_at, p.id`,
        [since],
      )
      .then((rows) =>
        rows.map((row) => ({
          id: row.id,
          authorId: row.author_id,
          parentId: row.parent_id,
          createdAt: new Date(row.created_at),
          likes: row.likes,
          retweets: row.retweets,
          replies: row.replies,
        })),
      );
  }

  /** Writes one batch of past views (false, writing nothing, when the batch was written). */
  writePastPostViews(
    batchId: string,
    views: PastPostView[],
    window: RawEventsWindow,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await claimApplied(manager, 'batch', batchId))) return false;
      const increments: Increments = emptyIncrements();
      const raw: RawEvent[] = [];
      for (const view of views) {
        addPostViews(increments, {
          postId: view.postId,
          authorId: view.authorId,
          at: view.at,
          n: 1,
        });
        raw.push(postViewEvent(view, batchId));
      }
      await this.rollups.add(manager, increments);
      await this.rawEvents.insert(manager, raw, window);
      return true;
    });
  }
}
