import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { SeqRange, SitemapKind } from './sitemap-pages.util';

/** A row a sitemap lists: its id (the page's path names it) and when it last changed. */
export interface SitemapRow {
  id: string;
  lastmod: Date | null;
}

/**
 * Per kind: the table, its number column, and what a listed row must be. Posts: top-level,
 * made since the window's start (a deleted one's row is gone); communities: public ones.
 */
const SOURCES: Record<SitemapKind, { table: string; seq: string; where: string }> = {
  profiles: { table: 'users', seq: 'sitemap_seq', where: 'true' },
  posts: { table: 'sitemap_posts', seq: 'seq', where: 'created_at >= $4::timestamptz' },
  communities: { table: 'communities', seq: 'sitemap_seq', where: 'NOT is_private' },
};

const toNumber = (value: string | number | null | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

/** What the sitemaps read (every read one index range or one index probe) and the posts' numbers. */
@Injectable()
export class SitemapsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A top-level post gets its number when its `tweet.created` is applied (a deleted one does not). */
  async addPost(manager: EntityManager, postId: string, createdAt: Date): Promise<void> {
    await manager.query(
      `INSERT INTO sitemap_posts (post_id, created_at)
       SELECT $1, $2 WHERE NOT EXISTS (
         SELECT 1 FROM posts WHERE id = $1 AND deleted_at IS NOT NULL)
       ON CONFLICT (post_id) DO NOTHING`,
      [postId, createdAt],
    );
  }

  async removePost(manager: EntityManager, postId: string): Promise<void> {
    await manager.query(`DELETE FROM sitemap_posts WHERE post_id = $1`, [postId]);
  }

  /** The highest number given out for a kind (through its index), null for none. */
  async lastSeq(kind: SitemapKind): Promise<number | null> {
    const { table, seq } = SOURCES[kind];
    const rows: { last: string | null }[] = await this.dataSource.query(
      `SELECT max(${seq}) AS last FROM ${table}`,
    );
    return toNumber(rows[0]?.last);
  }

  /**
   * The number of the first post made since `since` (by the creation index). Posts are numbered
   * as their creations arrive, so the window's posts follow it (one delivered out of order may
   * sit just before it, and waits for the next window).
   */
  async firstPostSeqSince(since: Date): Promise<number | null> {
    const rows: { seq: string }[] = await this.dataSource.query(
      `SELECT seq FROM sitemap_posts WHERE created_at >= $1 ORDER BY created_at LIMIT 1`,
      [since],
    );
    return toNumber(rows[0]?.seq);
  }

  /**
   * Which of the files first..last list anything: one index probe per file, which stops at the
   * file's first listed row (the index never names an empty file).
   */
  async pagesWithRows(
    kind: SitemapKind,
    span: { first: number; last: number },
    size: number,
    since: Date,
  ): Promise<number[]> {
    const { table, seq, where } = SOURCES[kind];
    const rows: { page: string }[] = await this.dataSource.query(
      `SELECT n AS page FROM generate_series($1::bigint, $2::bigint) AS n
       WHERE EXISTS (
         SELECT 1 FROM ${table}
         WHERE ${seq} > (n - 1) * $3::bigint AND ${seq} <= n * $3::bigint AND ${where})
       ORDER BY n`,
      kind === 'posts' ? [span.first, span.last, size, since] : [span.first, span.last, size],
    );
    return rows.map((row) => Number(row.page));
  }

  /** The rows one file lists, in number order: one index range of at most `size` rows. */
  async rows(kind: SitemapKind, range: SeqRange, since: Date): Promise<SitemapRow[]> {
    switch (kind) {
      case 'profiles':
        return this.dataSource.query(
          `SELECT id, updated_at AS lastmod FROM users
           WHERE sitemap_seq > $1 AND sitemap_seq <= $2 ORDER BY sitemap_seq`,
          [range.after, range.upTo],
        );
      case 'communities':
        return this.dataSource.query(
          `SELECT id, updated_at AS lastmod FROM communities
           WHERE sitemap_seq > $1 AND sitemap_seq <= $2 AND NOT is_private
           ORDER BY sitemap_seq`,
          [range.after, range.upTo],
        );
      case 'posts':
        return this.dataSource.query(
          `SELECT s.post_id AS id, greatest(s.created_at, p.edited_at) AS lastmod
           FROM sitemap_posts s LEFT JOIN posts p ON p.id = s.post_id
           WHERE s.seq > $1 AND s.seq <= $2 AND s.created_at >= $3
             AND p.deleted_at IS NULL
           ORDER BY s.seq`,
          [range.after, range.upTo, since],
        );
    }
  }
}
