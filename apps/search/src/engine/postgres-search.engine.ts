import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { SearchQuery, SearchResult, TrendResponse } from '@wave/contracts';
import { SEARCH_SCHEMA } from '../config/search.config';
import {
  bareToken,
  queryTerms,
  rangeStart,
  startsWith,
  toTsQuery,
  TYPO_MIN_LENGTH,
} from './query-terms.util';
import type { IndexedPost, IndexedUser, SearchEngine } from './search-engine';

const T = {
  users: `${SEARCH_SCHEMA}.users`,
  follows: `${SEARCH_SCHEMA}.follows`,
  posts: `${SEARCH_SCHEMA}.posts`,
  deletedPosts: `${SEARCH_SCHEMA}.deleted_posts`,
  words: `${SEARCH_SCHEMA}.words`,
  hashtags: `${SEARCH_SCHEMA}.hashtags`,
  hashtagUses: `${SEARCH_SCHEMA}.hashtag_uses`,
} as const;

/** How many typo neighbours a misspelt word brings into the query. */
const NEIGHBOURS = 3;
/** With type "all": at most this many users and hashtags before the posts. */
const MIXED_SHARE = 3;

interface UserRow {
  id: string;
  username: string;
  displayName: string;
  verified: boolean;
}

interface PostRow {
  id: string;
  content: string;
  createdAt: Date;
  username: string | null;
  displayName: string | null;
  verified: boolean | null;
}

/**
 * The embedded engine: the service's own tables in PostgreSQL. Users and
 * hashtags match by prefix, substring or a typo (pg_trgm); posts by their
 * stored words ('simple' text search on a GIN index), where a word of four letters or
 * more also matches its nearest spellings among the words seen in posts.
 */
@Injectable()
export class PostgresSearchEngine implements SearchEngine {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async applyUser(user: IndexedUser): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${T.users} AS u
         (id, username, username_key, display_name, profile_image_url, verified, version, followers_count)
       VALUES ($1, $2::varchar, lower($2::varchar), $3, $4, $5, $6,
         (SELECT count(*)::int FROM ${T.follows} WHERE followee_id = $1))
       ON CONFLICT (id) DO UPDATE SET
         username = EXCLUDED.username, username_key = EXCLUDED.username_key,
         display_name = EXCLUDED.display_name, profile_image_url = EXCLUDED.profile_image_url,
         verified = EXCLUDED.verified, version = EXCLUDED.version
       WHERE u.version < EXCLUDED.version`,
      [user.id, user.username, user.displayName, user.profileImageUrl, user.verified, user.version],
    );
  }

  async setFollow(followerId: string, followeeId: string, following: boolean): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const changed = following
        ? await manager.query<unknown[]>(
            `INSERT INTO ${T.follows} (follower_id, followee_id) VALUES ($1, $2)
             ON CONFLICT DO NOTHING RETURNING follower_id`,
            [followerId, followeeId],
          )
        : (
            await manager.query<[unknown[], number]>(
              `DELETE FROM ${T.follows} WHERE follower_id = $1 AND followee_id = $2 RETURNING follower_id`,
              [followerId, followeeId],
            )
          )[0];
      if (changed.length === 0) return;
      await manager.query(
        `UPDATE ${T.users} SET followers_count = greatest(followers_count + $2, 0) WHERE id = $1`,
        [followeeId, following ? 1 : -1],
      );
    });
  }

  async upsertPost(post: IndexedPost): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO ${T.posts} (id, author_id, content, document, created_at)
         SELECT $1, $2, $3::text, to_tsvector('simple', $3::text), $4
         WHERE NOT EXISTS (SELECT 1 FROM ${T.deletedPosts} WHERE id = $1)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [post.id, post.authorId, post.content, post.createdAt],
      );
      if (inserted.length === 0) return;
      await this.indexWords(manager, post.content);
      await this.addHashtags(manager, post.id, post.hashtags, post.createdAt);
    });
  }

  async updatePost(id: string, content: string, hashtags: string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const [rows] = await manager.query<[{ createdAt: Date }[], number]>(
        `UPDATE ${T.posts} SET content = $2::text, document = to_tsvector('simple', $2::text)
         WHERE id = $1 RETURNING created_at AS "createdAt"`,
        [id, content],
      );
      const createdAt = rows[0]?.createdAt;
      if (!createdAt) return;
      await this.indexWords(manager, content);
      await this.removeHashtags(manager, id, hashtags);
      await this.addHashtags(manager, id, hashtags, createdAt);
    });
  }

  async deletePost(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO ${T.deletedPosts} (id) VALUES ($1) ON CONFLICT DO NOTHING`, [
        id,
      ]);
      await this.removeHashtags(manager, id, []);
      await manager.query(`DELETE FROM ${T.posts} WHERE id = $1`, [id]);
    });
  }

  async search(query: SearchQuery, now: Date): Promise<SearchResult[]> {
    const since = rangeStart(query.dateRange, now);
    const verifiedOnly = query.verified === 'verified';
    switch (query.type) {
      case 'users':
        return this.users(query.q, verifiedOnly, query.limit);
      case 'posts':
        return this.posts(query.q, since, verifiedOnly, query.limit);
      case 'hashtags':
        return verifiedOnly ? [] : this.hashtags(query.q, since, query.limit);
      case 'all': {
        const share = Math.min(MIXED_SHARE, query.limit);
        const users = await this.users(query.q, verifiedOnly, share);
        const tags = verifiedOnly ? [] : await this.hashtags(query.q, since, share);
        const rest = Math.max(query.limit - users.length - tags.length, 0);
        const posts = rest > 0 ? await this.posts(query.q, since, verifiedOnly, rest) : [];
        return [...users, ...tags, ...posts];
      }
    }
  }

  async trends(limit: number, since: Date): Promise<TrendResponse[]> {
    const rows: { tag: string; count: number }[] = await this.dataSource.query(
      `SELECT tag, count(*)::int AS count FROM ${T.hashtagUses}
       WHERE created_at >= $1 GROUP BY tag ORDER BY count DESC, tag LIMIT $2`,
      [since, limit],
    );
    return rows.map((row) => ({ name: `#${row.tag}`, tag: row.tag, count: row.count }));
  }

  /**
   * The exact handle, then handles that start with it, then names that contain
   * the text, each by followers; typo matches last, the closest first.
   */
  private async users(text: string, verifiedOnly: boolean, limit: number): Promise<SearchResult[]> {
    const handle = bareToken(text, '@');
    const name = text.trim().toLowerCase();
    const contains = `%${name.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const verified = verifiedOnly ? 'AND verified' : '';
    const columns = 'id, username, display_name AS "displayName", verified';
    // Handles and names that hold the text, served by the trigram indexes.
    const matched: UserRow[] = await this.dataSource.query(
      `SELECT ${columns} FROM ${T.users}
       WHERE (($1::text IS NOT NULL AND username_key LIKE $2) OR lower(display_name) LIKE $3)
         ${verified}
       ORDER BY username_key = $1 DESC NULLS LAST, username_key LIKE $2 DESC NULLS LAST,
         followers_count DESC, id
       LIMIT $4`,
      [handle, handle ? startsWith(handle) : null, contains, limit],
    );
    // One typo away, only when the text itself does not fill the page (similarity costs more).
    const typos: UserRow[] =
      matched.length < limit
        ? await this.trigramQuery(
            `SELECT ${columns} FROM ${T.users}
             WHERE (username_key % $1 OR lower(display_name) % $1) AND NOT (id = ANY($2::uuid[]))
               ${verified}
             ORDER BY greatest(similarity(username_key, $1), similarity(lower(display_name), $1)) DESC,
               followers_count DESC, id
             LIMIT $3`,
            [handle ?? name, matched.map((row) => row.id), limit - matched.length],
          )
        : [];
    return [...matched, ...typos].map((row) => ({
      type: 'user',
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      content: null,
      count: null,
      verified: row.verified,
      createdAt: null,
    }));
  }

  /** Posts with every word (or a near spelling), the most relevant first, then the newest. */
  private async posts(
    text: string,
    since: Date | null,
    verifiedOnly: boolean,
    limit: number,
  ): Promise<SearchResult[]> {
    const terms = queryTerms(text);
    if (terms.length === 0) return [];
    const neighbours = await this.neighbours(terms);
    const rows: PostRow[] = await this.dataSource.query(
      `SELECT p.id, p.content, p.created_at AS "createdAt", u.username,
         u.display_name AS "displayName", u.verified
       FROM ${T.posts} p
       CROSS JOIN to_tsquery('simple', $1) AS query
       LEFT JOIN ${T.users} u ON u.id = p.author_id
       WHERE p.document @@ query
         AND ($2::timestamptz IS NULL OR p.created_at >= $2)
         ${verifiedOnly ? 'AND u.verified' : ''}
       ORDER BY ts_rank_cd(p.document, query) DESC, p.created_at DESC, p.id DESC
       LIMIT $3`,
      [toTsQuery(terms, neighbours), since, limit],
    );
    return rows.map((row) => ({
      type: 'post',
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      content: row.content,
      count: null,
      verified: row.verified ?? false,
      createdAt: new Date(row.createdAt).toISOString(),
    }));
  }

  /** Tags that start with the text or are a typo away, the most used in the range first. */
  private async hashtags(text: string, since: Date | null, limit: number): Promise<SearchResult[]> {
    const tag = bareToken(text, '#');
    if (!tag) return [];
    const uses = since
      ? `(SELECT count(*)::int FROM ${T.hashtagUses} x WHERE x.tag = h.tag AND x.created_at >= $4)`
      : 'h.uses_count';
    const rows: { tag: string; uses: number }[] = await this.dataSource.query(
      `SELECT h.tag, ${uses} AS uses FROM ${T.hashtags} h
       WHERE (h.tag LIKE $2 OR h.tag % $1) AND h.uses_count > 0
       ORDER BY h.tag = $1 DESC, uses DESC, h.tag
       LIMIT $3`,
      [tag, startsWith(tag), limit * 4, ...(since ? [since] : [])],
    );
    return rows
      .filter((row) => row.uses > 0)
      .slice(0, limit)
      .map((row) => ({
        type: 'hashtag',
        id: row.tag,
        username: null,
        displayName: null,
        content: `#${row.tag}`,
        count: row.uses,
        verified: false,
        createdAt: null,
      }));
  }

  /**
   * For each term long enough that no post contains as written (a likely
   * typo), the closest words seen in posts. Known words skip the trigram scan.
   */
  private async neighbours(terms: string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    const candidates = terms.filter((word) => [...word].length >= TYPO_MIN_LENGTH);
    if (candidates.length === 0) return map;
    const known = new Set(
      (
        await this.dataSource.query<{ word: string }[]>(
          `SELECT word FROM ${T.words} WHERE word = ANY($1::varchar[])`,
          [candidates],
        )
      ).map((row) => row.word),
    );
    for (const term of candidates.filter((word) => !known.has(word))) {
      const rows: { word: string }[] = await this.trigramQuery(
        `SELECT word FROM ${T.words} WHERE word % $1
         ORDER BY similarity(word, $1) DESC, word LIMIT $2`,
        [term, NEIGHBOURS],
      );
      if (rows.length > 0)
        map.set(
          term,
          rows.map((row) => row.word),
        );
    }
    return map;
  }

  /**
   * A similarity (%) query, made to use its trigram index: the planner prices
   * the operator as cheap and would scan a small table, computing similarity
   * for every row, which costs far more than the index.
   */
  private trigramQuery<R>(sql: string, parameters: unknown[]): Promise<R> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query<R>(sql, parameters);
    });
  }

  private async indexWords(manager: EntityManager, content: string): Promise<void> {
    await manager.query(
      `INSERT INTO ${T.words} (word)
       SELECT DISTINCT lexeme FROM unnest(to_tsvector('simple', $1)) AS t
       WHERE length(lexeme) BETWEEN 1 AND 100 AND lexeme ~ '^[[:alnum:]]+$'
       ON CONFLICT DO NOTHING`,
      [content],
    );
  }

  private async addHashtags(
    manager: EntityManager,
    postId: string,
    hashtags: string[],
    createdAt: Date,
  ): Promise<void> {
    const tags = [...new Set(hashtags.map((tag) => tag.toLowerCase()))].filter(
      (tag) => tag.length > 0 && tag.length <= 100,
    );
    if (tags.length === 0) return;
    const added: { tag: string }[] = await manager.query(
      `INSERT INTO ${T.hashtagUses} (tag, post_id, created_at)
       SELECT tag, $2, $3 FROM unnest($1::varchar[]) AS tag
       ON CONFLICT DO NOTHING RETURNING tag`,
      [tags, postId, createdAt],
    );
    if (added.length === 0) return;
    await manager.query(
      `INSERT INTO ${T.hashtags} AS h (tag, uses_count)
       SELECT tag, 1 FROM unnest($1::varchar[]) AS tag
       ON CONFLICT (tag) DO UPDATE SET uses_count = h.uses_count + 1`,
      [added.map((row) => row.tag)],
    );
  }

  /** Removes the post's hashtag uses except `keep`, and uncounts them. */
  private async removeHashtags(
    manager: EntityManager,
    postId: string,
    keep: string[],
  ): Promise<void> {
    const [removed] = await manager.query<[{ tag: string }[], number]>(
      `DELETE FROM ${T.hashtagUses} WHERE post_id = $1 AND NOT (tag = ANY($2::varchar[])) RETURNING tag`,
      [postId, keep.map((tag) => tag.toLowerCase())],
    );
    if (removed.length === 0) return;
    await manager.query(
      `UPDATE ${T.hashtags} SET uses_count = greatest(uses_count - 1, 0) WHERE tag = ANY($1::varchar[])`,
      [removed.map((row) => row.tag)],
    );
  }
}
