import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { SeoPageAnalysis } from '@wave/contracts';
import { returnedRows } from '@wave/database';
import type { PublicPageKind } from './public-page.util';
import { postPagePath, profilePagePath } from './public-page.util';

/** A page is analysed again at most this often while it only gets views. */
export const REANALYSIS_INTERVAL_MINUTES = 60;
/** The most pages the dashboard lists (the most viewed first); the summary counts them all. */
export const DASHBOARD_PAGES_LIMIT = 100;

/**
 * The member's ($1) analysed pages: their profile and posts (the owner their markup names) and
 * the pages of the communities they own now (any of its owners: `community_owners`).
 */
const MEMBER_PAGES = `
  SELECT * FROM seo_pages
  WHERE owner_id = $1 AND kind <> 'community' AND analyzed_at IS NOT NULL
  UNION ALL
  SELECT p.* FROM community_owners o
  JOIN seo_pages p ON p.path = '/community/' || o.community_id
  WHERE o.user_id = $1 AND o.is_owner AND p.analyzed_at IS NOT NULL`;
/** The most recommendations the dashboard lists. */
export const TOP_RECOMMENDATIONS_LIMIT = 10;

/** What an analysis found, for `save`. */
export interface PageAnalysisRow {
  ownerId: string | null;
  title: string;
  url: string;
  seoScore: number;
  issues: string[];
  recommendations: string[];
}

/** Auto-SEO's pages: which are due, their latest analyses, and the dashboards' reads. */
@Injectable()
export class SeoPagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Pages viewed in a batch (in the batch's transaction): a new page is due at once; one
   * analysed over an hour ago is due again; one already due stays as it is.
   */
  async markViewed(
    manager: EntityManager,
    pages: { path: string; kind: PublicPageKind }[],
  ): Promise<void> {
    if (pages.length === 0) return;
    // One order for every writer, so two batches never wait on each other's rows in a circle.
    const sorted = [...pages].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    // Only pages that exist: a post or a public community analytics knows (a primary key each),
    // so that views of made-up ids cannot fill the queue ahead of real pages. Profiles are
    // checked when read (a missing one is forgotten then).
    await manager.query(
      `INSERT INTO seo_pages AS p (path, kind, due_at)
       SELECT path, kind, now() FROM unnest($1::varchar[], $2::varchar[]) AS v(path, kind)
       WHERE CASE v.kind
         WHEN 'post' THEN EXISTS (SELECT 1 FROM posts WHERE posts.id = substring(v.path from 8)::uuid
                                    AND posts.deleted_at IS NULL AND posts.created_at IS NOT NULL)
         WHEN 'community' THEN EXISTS (SELECT 1 FROM communities c
                                    WHERE c.id = substring(v.path from 12)::uuid AND NOT c.is_private)
         ELSE true END
       ON CONFLICT (path) DO UPDATE SET due_at = now()
       WHERE p.due_at IS NULL
         AND p.analyzed_at < now() - interval '${REANALYSIS_INTERVAL_MINUTES} minutes'`,
      [sorted.map((page) => page.path), sorted.map((page) => page.kind)],
    );
  }

  /**
   * New posts (in the caller's transaction, after their rows): the pages of those that readers
   * viewed before analytics heard of them (`markViewed` left them out then) are due now.
   * Impressions alone do not make a page due; only views of the page itself.
   */
  async markViewedBeforeKnown(manager: EntityManager, postIds: string[]): Promise<void> {
    if (postIds.length === 0) return;
    const paths = [...new Set(postIds.map(postPagePath))].sort();
    await manager.query(
      `INSERT INTO seo_pages (path, kind, due_at)
       SELECT v.path, 'post', now() FROM unnest($1::varchar[]) AS v(path)
       WHERE EXISTS (SELECT 1 FROM page_daily_stats d WHERE d.path = v.path AND d.views > 0)
       ON CONFLICT (path) DO NOTHING`,
      [paths],
    );
  }

  /** A page's content changed (an edited post): analysed again at the next run. */
  async markChanged(manager: EntityManager, path: string): Promise<void> {
    await manager.query(`UPDATE seo_pages SET due_at = now() WHERE path = $1`, [path]);
  }

  /**
   * A member's profile changed: each of their profile pages is analysed again at the next run,
   * under whichever name it was viewed (`/profile/{id}`, `/profile/{username}`) and those
   * Auto-SEO already found theirs (a username viewed in another case).
   */
  async markProfileChanged(
    manager: EntityManager,
    userId: string,
    usernames: string[],
  ): Promise<void> {
    const paths = [userId, ...usernames].map(profilePagePath);
    await manager.query(
      `UPDATE seo_pages SET due_at = now()
       WHERE kind = 'profile' AND (path = ANY($1::varchar[]) OR owner_id = $2)`,
      [paths, userId],
    );
  }

  /** A page that no longer exists (a deleted post) is no longer analysed nor listed. */
  async forget(manager: EntityManager, path: string): Promise<void> {
    await manager.query(`DELETE FROM seo_pages WHERE path = $1`, [path]);
  }

  /** The same, outside a transaction (the web server answered 404). */
  forgetPath(path: string): Promise<void> {
    return this.forget(this.dataSource.manager, path);
  }

  /**
   * Takes up to `limit` due pages for one run, leasing them for `leaseSeconds` (a replica that
   * dies mid-run leaves them due again then); other replicas skip the rows taken.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<string[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE seo_pages SET due_at = now() + make_interval(secs => $2)
       WHERE path IN (
         SELECT path FROM seo_pages WHERE due_at <= now()
         ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING path`,
      [limit, leaseSeconds],
    );
    return returnedRows<{ path: string }>(result).map((row) => row.path);
  }

  /**
   * The analysis of a page leased by `claimDue`. A page marked due meanwhile (its content
   * changed while it was being read: `due_at` no longer the lease's, in the future) stays due.
   */
  async save(path: string, analysis: PageAnalysisRow): Promise<void> {
    await this.dataSource.query(
      `UPDATE seo_pages SET owner_id = $2, title = $3, url = $4, seo_score = $5,
         issues = $6::jsonb, recommendations = $7::jsonb, analyzed_at = now(),
         due_at = CASE WHEN due_at <= now() THEN due_at END, failures = 0
       WHERE path = $1`,
      [
        path,
        analysis.ownerId,
        analysis.title,
        analysis.url,
        analysis.seoScore,
        JSON.stringify(analysis.issues),
        JSON.stringify(analysis.recommendations),
      ],
    );
  }

  /** The page could not be read: tried again later, each time waiting twice as long (to a day). */
  async postpone(path: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE seo_pages SET failures = least(failures + 1, 10),
         due_at = now() + least(interval '1 minute' * power(2, failures), interval '1 day')
       WHERE path = $1`,
      [path],
    );
  }

  /** The member's analysed pages: how many, their average score, their issues and their views. */
  async summaryOf(ownerId: string): Promise<{
    totalPages: number;
    avgScore: number;
    totalIssues: number;
    totalPageViews: number;
  }> {
    const rows: {
      pages: number;
      score: number | null;
      issues: number | null;
      views: string | null;
    }[] = await this.dataSource.query(
      `WITH mine AS (${MEMBER_PAGES})
       SELECT (SELECT count(*)::int FROM mine) AS pages,
              (SELECT avg(seo_score)::float8 FROM mine) AS score,
              (SELECT sum(jsonb_array_length(issues))::int FROM mine) AS issues,
              (SELECT sum(d.views) FROM page_daily_stats d JOIN mine USING (path)) AS views`,
      [ownerId],
    );
    const row = rows[0];
    return {
      totalPages: row?.pages ?? 0,
      avgScore: row?.score ?? 0,
      totalIssues: row?.issues ?? 0,
      totalPageViews: Number(row?.views ?? 0),
    };
  }

  /** The member's most viewed analysed pages (DASHBOARD_PAGES_LIMIT), keyed by path. */
  async analysesOf(ownerId: string): Promise<(SeoPageAnalysis & { path: string })[]> {
    return this.dataSource.query(
      `SELECT p.path, p.title, p.url, p.seo_score AS "seoScore", p.issues
       FROM (${MEMBER_PAGES}) p
       LEFT JOIN LATERAL (
         SELECT sum(views) AS views FROM page_daily_stats d WHERE d.path = p.path) v ON true
       ORDER BY v.views DESC NULLS LAST, p.path
       LIMIT ${DASHBOARD_PAGES_LIMIT}`,
      [ownerId],
    );
  }

  /** How many of the member's pages each recommendation was made for, the most common first. */
  async recommendationsOf(
    ownerId: string,
  ): Promise<{ totalAnalyses: number; top: { recommendation: string; count: number }[] }> {
    const [totals, top] = await Promise.all([
      this.dataSource.query<{ total: number }[]>(
        `SELECT count(*)::int AS total FROM (${MEMBER_PAGES}) p`,
        [ownerId],
      ),
      this.dataSource.query<{ recommendation: string; count: number }[]>(
        `SELECT r.recommendation, count(*)::int AS count
         FROM (${MEMBER_PAGES}) p,
           jsonb_array_elements_text(p.recommendations) AS r(recommendation)
         GROUP BY r.recommendation
         ORDER BY count DESC, r.recommendation
         LIMIT ${TOP_RECOMMENDATIONS_LIMIT}`,
        [ownerId],
      ),
    ]);
    return { totalAnalyses: totals[0]?.total ?? 0, top };
  }
}
