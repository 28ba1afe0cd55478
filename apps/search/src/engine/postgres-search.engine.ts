import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EntityManager } from 'typeorm';
import type { SearchQuery, SearchResult, TrendResponse } from '@wave/contracts';
import {
  bareToken,
  queryTerms,
  soleHashtag,
  startsWith,
  toTsQuery,
  PREFIX_MIN_LENGTH,
  TYPO_MIN_LENGTH,
} from './query-terms.util';
import type {
  IndexedFollow,
  IndexedPost,
  IndexedUser,
  PostEdit,
  SearchEngine,
} from './search-engine';
import { searchLists } from './search-engine';
import {
  addFollows,
  forgetPost,
  hashtagResult,
  lock,
  LOCK,
  normaliseTags,
  recordEdit,
  withLatestEdits,
  recordFollow,
  removeHashtagUses,
  SEARCH_TABLES,
  trendingTags,
  userResult,
} from './search-tables';

const T = SEARCH_TABLES;

/** How many typo neighbours a misspelt word brings into the query. */
const NEIGHBOURS = 3;
/** How many completions of the word being typed a search matches (the most used). */
const COMPLETIONS = 20;
/** Posts ranked per search: the newest this many matches (the cost of a common word is bounded). */
export const RANK_WINDOW = 500;

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

const toPostResult = (row: PostRow): SearchResult => ({
  type: 'post',
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  content: row.content,
  count: null,
  verified: row.verified ?? false,
  createdAt: new Date(row.createdAt).toISOString(),
});

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

  async setFollow(
    followerId: string,
    followeeId: string,
    following: boolean,
    at: Date,
  ): Promise<void> {
    await this.dataSource.transaction((manager) =>
      recordFollow(manager, followerId, followeeId, following, at),
    );
  }

  async upsertPost(created: IndexedPost): Promise<void> {
    const post = await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.post, created.id, 'exclusive');
      // An edit heard before the create (a retried tweet.created) is what the post says now.
      const [post = created] = await withLatestEdits(manager, [created]);
      const inserted: unknown[] = await manager.query(
        `INSERT INTO ${T.posts} (id, author_id, content, document, created_at)
         SELECT $1, $2, $3::text, to_tsvector('simple', $3::text), $4
         WHERE NOT EXISTS (SELECT 1 FROM ${T.deletedPosts} WHERE id = $1)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [post.id, post.authorId, post.content, post.createdAt],
      );
      if (inserted.length === 0) return null;
      await this.addHashtags(manager, post.id, post.hashtags, post.createdAt);
      return post;
    });
    if (post) await this.countWords(post.content);
  }

  async updatePost(edit: PostEdit): Promise<void> {
    const { id, content, hashtags } = edit;
    const indexed = await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.post, id, 'exclusive');
      // An older edit heard after a newer one changes nothing.
      if (!(await recordEdit(manager, edit))) return false;
      const [rows] = await manager.query<[{ createdAt: Date }[], number]>(
        `UPDATE ${T.posts} SET content = $2::text, document = to_tsvector('simple', $2::text)
         WHERE id = $1 RETURNING created_at AS "createdAt"`,
        [id, content],
      );
      const createdAt = rows[0]?.createdAt;
      if (!createdAt) return false;
      await removeHashtagUses(manager, id, normaliseTags(hashtags));
      await this.addHashtags(manager, id, hashtags, createdAt);
      return true;
    });
    if (indexed) await this.countWords(content);
  }

  async deletePost(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.post, id, 'exclusive');
      await forgetPost(manager, id);
    });
  }

  search(query: SearchQuery, now: Date): Promise<SearchResult[]> {
    return searchLists(
      {
        users: (text, verifiedOnly, limit) => this.users(text, verifiedOnly, limit),
        posts: (text, since, verifiedOnly, limit) => this.posts(text, since, verifiedOnly, limit),
        hashtags: (text, since, limit) => this.hashtags(text, since, limit),
      },
      query,
      now,
    );
  }

  trends(limit: number, since: Date): Promise<TrendResponse[]> {
    return trendingTags(this.dataSource, limit, since);
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
    // One statement: handles and names that hold the text (the trigram indexes), then, only
    // when they do not fill the page and the text is one word (a handle, or a word of a name),
    // handles and names one typo away (similarity costs more; a one-time filter skips it).
    const rows: UserRow[] = await this.dataSource.query(
      `WITH matched AS (
         SELECT ${columns}, followers_count,
           CASE WHEN username_key = $1 THEN 0 WHEN username_key LIKE $2 THEN 1 ELSE 2 END AS tier,
           0::real AS closeness
         FROM ${T.users}
         WHERE (($1::text IS NOT NULL AND username_key LIKE $2) OR lower(display_name) LIKE $3)
           ${verified}
         ORDER BY tier, followers_count DESC, id
         LIMIT $4
       ), typos AS (
         SELECT ${columns}, followers_count, 3 AS tier,
           greatest(similarity(username_key, $1), similarity(lower(display_name), $1)) AS closeness
         FROM ${T.users}
         WHERE $1::text IS NOT NULL AND (SELECT count(*) FROM matched) < $4
           AND (username_key % $1 OR lower(display_name) % $1)
           AND id NOT IN (SELECT id FROM matched)
           ${verified}
         ORDER BY closeness DESC, followers_count DESC, id
         LIMIT $4
       )
       SELECT id, username, "displayName", verified FROM (
         SELECT * FROM matched UNION ALL SELECT * FROM typos
       ) found
       ORDER BY tier, closeness DESC, followers_count DESC, id
       LIMIT $4`,
      [handle, handle ? startsWith(handle) : null, contains, limit],
    );
    return rows.map(userResult);
  }

  /**
   * Posts with every word (or a near spelling): the most relevant of the
   * newest matches, then the newest. A query that is one hashtag in use lists
   * that tag's posts, newest first.
   */
  private async posts(
    text: string,
    since: Date | null,
    verifiedOnly: boolean,
    limit: number,
  ): Promise<SearchResult[]> {
    const tag = soleHashtag(text);
    const tagged = tag ? await this.taggedPosts(tag, since, verifiedOnly, limit) : [];
    if (tagged.length > 0) return tagged.map(toPostResult);
    const terms = queryTerms(text);
    if (terms.length === 0) return [];
    const { neighbours, completions } = await this.alternatives(terms);
    // Ranking reads each candidate's words, so only the newest RANK_WINDOW
    // matches are ranked: a word in half the posts costs what a rare one does.
    const rows: PostRow[] = await this.dataSource.query(
      `SELECT c.id, c.content, c.created_at AS "createdAt", u.username,
         u.display_name AS "displayName", u.verified
       FROM (
         SELECT m.id, m.content, m.created_at, m.author_id,
           ts_rank_cd(m.document, to_tsquery('simple', $1)) AS rank
         FROM (
           SELECT p.id, p.content, p.document, p.created_at, p.author_id FROM ${T.posts} p
           WHERE p.document @@ to_tsquery('simple', $1)
             AND ($2::timestamptz IS NULL OR p.created_at >= $2)
             ${verifiedOnly ? `AND p.author_id IN (SELECT id FROM ${T.users} WHERE verified)` : ''}
           ORDER BY p.created_at DESC, p.id DESC
           LIMIT ${RANK_WINDOW}
         ) m
         ORDER BY rank DESC, m.created_at DESC, m.id DESC
         LIMIT $3
       ) c
       LEFT JOIN ${T.users} u ON u.id = c.author_id
       ORDER BY c.rank DESC, c.created_at DESC, c.id DESC`,
      [toTsQuery(terms, neighbours, completions), since, limit],
    );
    return rows.map(toPostResult);
  }

  /** The newest posts using a tag, from its uses (an index range, however popular the tag). */
  private taggedPosts(
    tag: string,
    since: Date | null,
    verifiedOnly: boolean,
    limit: number,
  ): Promise<PostRow[]> {
    return this.dataSource.query<PostRow[]>(
      `SELECT p.id, p.content, p.created_at AS "createdAt", u.username,
         u.display_name AS "displayName", u.verified
       FROM (
         SELECT x.post_id, x.created_at FROM ${T.hashtagUses} x
         ${verifiedOnly ? `JOIN ${T.posts} a ON a.id = x.post_id JOIN ${T.users} v ON v.id = a.author_id AND v.verified` : ''}
         WHERE x.tag = $1 AND ($2::timestamptz IS NULL OR x.created_at >= $2)
         ORDER BY x.created_at DESC
         LIMIT $3
       ) t
       JOIN ${T.posts} p ON p.id = t.post_id
       LEFT JOIN ${T.users} u ON u.id = p.author_id
       ORDER BY t.created_at DESC, p.id DESC`,
      [tag, since, limit],
    );
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
      .map(hashtagResult);
  }

  /**
   * Other words a search matches for its terms, from the words seen in posts:
   * for the last term, the word being typed, its most used completions; for
   * a term of TYPO_MIN_LENGTH letters or more that no post contains as
   * written and that completes no word (a likely typo), its closest spellings. Two round trips at most;
   * known words skip the trigram scan.
   */
  private async alternatives(
    terms: string[],
  ): Promise<{ neighbours: Map<string, string[]>; completions: string[] | null }> {
    const last = terms[terms.length - 1] ?? '';
    const prefix = [...last].length >= PREFIX_MIN_LENGTH ? startsWith(last) : null;
    const candidates = terms.filter((word) => [...word].length >= TYPO_MIN_LENGTH);
    const rows: { word: string; completion: boolean }[] = await this.dataSource.query(
      `SELECT word, false AS completion FROM ${T.words} WHERE word = ANY($1::varchar[])
       UNION ALL
       (SELECT word, true FROM ${T.words} WHERE $2::text IS NOT NULL AND word LIKE $2
        ORDER BY documents DESC, word LIMIT $3)`,
      [candidates, prefix, COMPLETIONS],
    );
    const known = new Set(rows.filter((row) => !row.completion).map((row) => row.word));
    const found = rows.filter((row) => row.completion).map((row) => row.word);
    // No word starts with it: the index's own prefix match finds what a late count missed.
    const completions = prefix === null ? [] : found.length > 0 ? found : null;
    const neighbours = new Map<string, string[]>();
    // A word being typed that has completions is not a typo.
    const unknown = candidates.filter(
      (word) => !known.has(word) && !(word === last && found.length > 0),
    );
    if (unknown.length === 0) return { neighbours, completions };
    const close: { term: string; word: string }[] = await this.dataSource.query(
      `SELECT t.term, n.word FROM unnest($1::varchar[]) AS t(term)
       CROSS JOIN LATERAL (
         SELECT word FROM ${T.words} WHERE word % t.term
         ORDER BY similarity(word, t.term) DESC, word LIMIT $2
       ) n`,
      [unknown, NEIGHBOURS],
    );
    for (const row of close)
      neighbours.set(row.term, [...(neighbours.get(row.term) ?? []), row.word]);
    return { neighbours, completions };
  }

  /**
   * Adds a post's words, counting the posts seen with each. Outside the
   * post's transaction and in word order, so concurrent posts sharing common
   * words wait for one statement, not for each other's transactions.
   */
  private async countWords(content: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${T.words} AS w (word, documents)
       SELECT DISTINCT lexeme, 1 FROM unnest(to_tsvector('simple', $1)) AS t
       WHERE length(lexeme) BETWEEN 1 AND 100 AND lexeme ~ '^[[:alnum:]]+$'
       ORDER BY lexeme
       ON CONFLICT (word) DO UPDATE SET documents = w.documents + 1`,
      [content],
    );
  }

  private async addHashtags(
    manager: EntityManager,
    postId: string,
    hashtags: string[],
    createdAt: Date,
  ): Promise<void> {
    const tags = normaliseTags(hashtags);
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

  /**
   * Many users in one statement (the reindex command), as applyUser writes
   * each: a newer version replaces an older one and nothing else does, and a
   * user new to the index gets the follower count of the follows it holds.
   */
  async indexUsers(users: IndexedUser[]): Promise<void> {
    // One statement cannot write a row twice: the newest version of each user.
    const newest = new Map<string, IndexedUser>();
    for (const user of users) {
      const seen = newest.get(user.id);
      if (!seen || seen.version < user.version) newest.set(user.id, user);
    }
    const rows = [...newest.values()];
    if (rows.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO ${T.users} AS u
         (id, username, username_key, display_name, profile_image_url, verified, version, followers_count)
       SELECT t.id, t.username, lower(t.username), t.display_name, t.profile_image_url, t.verified,
         t.version, (SELECT count(*)::int FROM ${T.follows} f WHERE f.followee_id = t.id)
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[], $5::boolean[], $6::int[])
         AS t(id, username, display_name, profile_image_url, verified, version)
       ORDER BY t.id
       ON CONFLICT (id) DO UPDATE SET
         username = EXCLUDED.username, username_key = EXCLUDED.username_key,
         display_name = EXCLUDED.display_name, profile_image_url = EXCLUDED.profile_image_url,
         verified = EXCLUDED.verified, version = EXCLUDED.version
       WHERE u.version < EXCLUDED.version`,
      [
        rows.map((user) => user.id),
        rows.map((user) => user.username),
        rows.map((user) => user.displayName),
        rows.map((user) => user.profileImageUrl),
        rows.map((user) => user.verified),
        rows.map((user) => user.version),
      ],
    );
  }

  /** Many follows in one transaction (see addFollows): each followee then counts what the index holds. */
  async indexFollows(follows: IndexedFollow[]): Promise<void> {
    await this.dataSource.transaction((manager) => addFollows(manager, follows));
  }

  /**
   * Many posts in one transaction, as upsertPost writes each: a post already
   * indexed or deleted at its source (a tombstone) is left alone; the others
   * are stored with their words, their hashtag uses are counted, and so are
   * their words (in word order, like countWords, at the end of the
   * transaction so the locks are held briefly).
   */
  async indexPosts(posts: IndexedPost[]): Promise<void> {
    const pages = [...new Map(posts.map((post) => [post.id, post])).values()];
    if (pages.length === 0) return;
    await this.dataSource.transaction(async (manager) => {
      await lock(
        manager,
        LOCK.post,
        pages.map((post) => post.id),
        'exclusive',
      );
      // A page read before an edit that was heard since: the edit is what the post says now.
      const unique = await withLatestEdits(manager, pages);
      const inserted: { id: string }[] = await manager.query(
        `INSERT INTO ${T.posts} (id, author_id, content, document, created_at)
         SELECT t.id, t.author_id, t.content, to_tsvector('simple', t.content), t.created_at
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[])
           AS t(id, author_id, content, created_at)
         WHERE NOT EXISTS (SELECT 1 FROM ${T.deletedPosts} d WHERE d.id = t.id)
         ORDER BY t.id
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [
          unique.map((post) => post.id),
          unique.map((post) => post.authorId),
          unique.map((post) => post.content),
          unique.map((post) => post.createdAt.toISOString()),
        ],
      );
      if (inserted.length === 0) return;
      const ids = new Set(inserted.map((row) => row.id));
      const uses = unique
        .filter((post) => ids.has(post.id))
        .flatMap((post) =>
          normaliseTags(post.hashtags).map((tag) => ({
            tag,
            postId: post.id,
            createdAt: post.createdAt.toISOString(),
          })),
        );
      if (uses.length > 0) {
        const added: { tag: string }[] = await manager.query(
          `INSERT INTO ${T.hashtagUses} (tag, post_id, created_at)
           SELECT * FROM unnest($1::varchar[], $2::uuid[], $3::timestamptz[])
           ORDER BY 1, 2
           ON CONFLICT DO NOTHING RETURNING tag`,
          [
            uses.map((use) => use.tag),
            uses.map((use) => use.postId),
            uses.map((use) => use.createdAt),
          ],
        );
        if (added.length > 0) {
          await manager.query(
            `INSERT INTO ${T.hashtags} AS h (tag, uses_count)
             SELECT tag, count(*)::int FROM unnest($1::varchar[]) AS tag GROUP BY tag ORDER BY tag
             ON CONFLICT (tag) DO UPDATE SET uses_count = h.uses_count + EXCLUDED.uses_count`,
            [added.map((row) => row.tag)],
          );
        }
      }
      await manager.query(
        `INSERT INTO ${T.words} AS w (word, documents)
         SELECT t.lexeme, count(*)::int FROM ${T.posts} p CROSS JOIN LATERAL unnest(p.document) AS t
         WHERE p.id = ANY($1::uuid[])
           AND length(t.lexeme) BETWEEN 1 AND 100 AND t.lexeme ~ '^[[:alnum:]]+$'
         GROUP BY t.lexeme ORDER BY t.lexeme
         ON CONFLICT (word) DO UPDATE SET documents = w.documents + EXCLUDED.documents`,
        [[...ids]],
      );
    });
  }

  /**
   * Empties the index for a rebuild: users, follows, posts, hashtags and
   * words. The tombstones of deleted posts stay (a rebuild from the owners
   * brings only live posts, and a late tweet.created stays ignored); search
   * analytics are not the index and stay too.
   */
  async clear(): Promise<void> {
    await this.dataSource.query(
      `TRUNCATE ${T.users}, ${T.follows}, ${T.hashtagUses}, ${T.hashtags}, ${T.posts}, ${T.words}`,
    );
  }
}
