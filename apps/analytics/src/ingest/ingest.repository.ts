import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { claimApplied } from '../common/applied-ids';
import type { RawEvent, RawEventsWindow } from '../common/raw-events.repository';
import { postViewEvent, RawEventsRepository } from '../common/raw-events.repository';
import type { Increments } from '../rollups/rollup-increments.util';
import { addPostViews, emptyIncrements, hourStartOf } from '../rollups/rollup-increments.util';
import { RollupsRepository } from '../rollups/rollups.repository';
import type { PublicPageKind } from '../seo/public-page.util';
import { publicPageKindOf } from '../seo/public-page.util';
import { SeoPagesRepository } from '../seo/seo-pages.repository';

/** A page view as the batch writes it. */
export interface PageViewRow {
  at: Date;
  url: string;
  path: string;
  crawler: boolean;
  userId: string | null;
  viewer: string | null;
  userAgent: string | null;
}

/** A view of a post by one viewer (a member's id, or the gateway's visitor key). */
export interface PostViewCandidate {
  at: Date;
  /** The UTC day it counts in. */
  day: string;
  postId: string;
  viewer: string;
  userId: string | null;
}

export interface WrittenBatch {
  /** False when this batch had been written before (a retried job). */
  applied: boolean;
  pageViews: number;
  crawlerViews: number;
  /** Post views that counted (first of their viewer, post and day). */
  postViews: number;
  /** Of those, views of posts not heard of yet (kept pending). */
  pendingViews: number;
}

/**
 * Writes one batch of views in one transaction: the batch's id (so a retry
 * writes nothing twice), raw events, page rollups, the day's viewers of each
 * post (a view counts once per viewer, post and day) and the post and author
 * rollups of the views that counted.
 */
@Injectable()
export class IngestRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rollups: RollupsRepository,
    private readonly rawEvents: RawEventsRepository,
    private readonly seoPages: SeoPagesRepository,
  ) {}

  writeBatch(
    batchId: string,
    pages: PageViewRow[],
    postViews: PostViewCandidate[],
    window: RawEventsWindow,
  ): Promise<WrittenBatch> {
    return this.dataSource.transaction(async (manager) => {
      const written: WrittenBatch = {
        applied: await claimApplied(manager, 'batch', batchId),
        pageViews: 0,
        crawlerViews: 0,
        postViews: 0,
        pendingViews: 0,
      };
      if (!written.applied) return written;

      const raw: RawEvent[] = [];
      const perPage = new Map<
        string,
        { day: string; path: string; views: number; crawlerViews: number }
      >();
      for (const page of pages) {
        raw.push({
          occurredAt: page.at,
          kind: page.crawler ? 'crawler_view' : 'page_view',
          path: page.url,
          userId: page.userId,
          viewer: page.viewer,
          userAgent: page.userAgent,
          sourceId: batchId,
        });
        const day = page.at.toISOString().slice(0, 10);
        const key = `${day}|${page.path}`;
        const row = perPage.get(key) ?? { day, path: page.path, views: 0, crawlerViews: 0 };
        if (page.crawler) row.crawlerViews += 1;
        else row.views += 1;
        perPage.set(key, row);
        if (page.crawler) written.crawlerViews += 1;
        else written.pageViews += 1;
      }
      await this.rollups.addPageViews(manager, [...perPage.values()]);

      const counted = await this.firstViews(manager, postViews);
      const increments: Increments = emptyIncrements();
      const pending = new Map<string, { postId: string; hourStart: Date; views: number }>();
      for (const view of counted) {
        raw.push(postViewEvent(view, batchId));
        if (view.authorId) {
          addPostViews(increments, { ...view, authorId: view.authorId, n: 1 });
        } else {
          const hourStart = hourStartOf(view.at);
          const key = `${view.postId}|${hourStart.toISOString()}`;
          const row = pending.get(key) ?? { postId: view.postId, hourStart, views: 0 };
          row.views += 1;
          pending.set(key, row);
          written.pendingViews += 1;
        }
      }
      written.postViews = counted.length;
      // Pending views before rollups, as events settle them (one lock order, no deadlock).
      await this.addPending(manager, [...pending.values()]);
      await this.rollups.add(manager, increments);
      // Public pages that readers (not crawlers) viewed are Auto-SEO's to analyse: after the
      // posts and rollups, as the event handlers do (one lock order, no deadlock).
      const publicPages = new Map<string, PublicPageKind>();
      for (const page of pages) {
        const kind = page.crawler ? null : publicPageKindOf(page.path);
        if (kind) publicPages.set(page.path, kind);
      }
      await this.seoPages.markViewed(
        manager,
        [...publicPages].map(([path, kind]) => ({ path, kind })),
      );
      await this.rawEvents.insert(manager, raw, window);
      return written;
    });
  }

  /**
   * The views that are the first of their viewer, post and day (recorded in
   * `post_viewers` now), with the post's author when the post is known; views
   * of deleted posts do not count.
   */
  private async firstViews(
    manager: EntityManager,
    candidates: PostViewCandidate[],
  ): Promise<(PostViewCandidate & { authorId: string | null })[]> {
    if (candidates.length === 0) return [];
    const postIds = [...new Set(candidates.map((view) => view.postId))];
    const posts: { id: string; author_id: string; deleted: boolean }[] = await manager.query(
      `SELECT id, author_id, deleted_at IS NOT NULL AS deleted FROM posts WHERE id = ANY($1::uuid[])`,
      [postIds],
    );
    const known = new Map(posts.map((post) => [post.id, post]));
    const first = new Map<string, PostViewCandidate>();
    for (const view of candidates) {
      if (known.get(view.postId)?.deleted) continue;
      const key = `${view.day}|${view.postId}|${view.viewer}`;
      if (!first.has(key)) first.set(key, view);
    }
    if (first.size === 0) return [];
    const ordered = [...first.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
    const inserted: { day: string; post_id: string; viewer: string }[] = await manager.query(
      `INSERT INTO post_viewers (day, post_id, viewer)
       SELECT * FROM unnest($1::date[], $2::uuid[], $3::varchar[])
       ON CONFLICT DO NOTHING
       RETURNING to_char(day, 'YYYY-MM-DD') AS day, post_id, viewer`,
      [ordered.map((v) => v.day), ordered.map((v) => v.postId), ordered.map((v) => v.viewer)],
    );
    return inserted.flatMap((row) => {
      const view = first.get(`${row.day}|${row.post_id}|${row.viewer}`);
      return view ? [{ ...view, authorId: known.get(view.postId)?.author_id ?? null }] : [];
    });
  }

  private async addPending(
    manager: EntityManager,
    rows: { postId: string; hourStart: Date; views: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const sorted = [...rows].sort((a, b) =>
      `${a.postId}|${a.hourStart.toISOString()}` < `${b.postId}|${b.hourStart.toISOString()}`
        ? -1
        : 1,
    );
    await manager.query(
      `INSERT INTO pending_post_views AS t (post_id, hour_start, views)
       SELECT * FROM unnest($1::uuid[], $2::timestamptz[], $3::int[])
       ON CONFLICT (post_id, hour_start) DO UPDATE SET views = t.views + excluded.views`,
      [sorted.map((r) => r.postId), sorted.map((r) => r.hourStart), sorted.map((r) => r.views)],
    );
  }
}
