import { createHash } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { ErrorStatusCode, Meilisearch } from 'meilisearch';
import type { EnqueuedTask, EnqueuedTaskPromise, Index, Settings, Task } from 'meilisearch';
import type { SearchQuery, SearchResult, TrendResponse } from '@wave/contracts';
import { bareToken, queryTerms, soleHashtag, TYPO_MIN_LENGTH } from './query-terms.util';
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
  recordFollow,
  removeHashtagUses,
  SEARCH_TABLES,
  trendingTags,
  userResult,
  withLatestEdits,
} from './search-tables';

const T = SEARCH_TABLES;

/** Hashtags: this many candidates per result are matched, then ranked by their uses. */
const HASHTAG_CANDIDATES = 4;
/** Documents per request when many are written at once. */
const BATCH_SIZE = 1000;
/** Applying settings can re-index everything: give it time at start-up. */
const SETTINGS_TIMEOUT_MS = 10 * 60 * 1000;
/** Bulk writes (the reindex command) wait this long for their documents. */
const WRITE_TIMEOUT_MS = 2 * 60 * 1000;
/** One HTTP request to Meilisearch (enqueueing a write, a search). */
const REQUEST_TIMEOUT_MS = 10_000;

/** Typo tolerance as the spec asks: one typo in a word of 4 letters or more, two from 8. */
const TYPO_TOLERANCE: Settings['typoTolerance'] = {
  enabled: true,
  minWordSizeForTypos: { oneTypo: TYPO_MIN_LENGTH, twoTypos: 8 },
};

/**
 * Meilisearch's default ranking rules as every 1.x release accepts them (1.36
 * splits `attribute` into `attributeRank` and `wordPosition` and keeps it as
 * their alias).
 */
const DEFAULT_RANKING = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'];

const INDEX_SETTINGS = {
  users: {
    searchableAttributes: ['username', 'displayName'],
    // `id` filters the authors of a page of posts (one request for all of them).
    filterableAttributes: ['id', 'verified'],
    sortableAttributes: ['followersCount'],
    // Handle before name ("attribute"), the whole handle before a part ("exactness"), then followers.
    rankingRules: ['words', 'typo', 'proximity', 'attribute', 'exactness', 'followersCount:desc'],
    typoTolerance: TYPO_TOLERANCE,
  },
  posts: {
    searchableAttributes: ['content'],
    filterableAttributes: ['createdAt', 'verified', 'authorId', 'hashtags'],
    sortableAttributes: ['createdAt'],
    rankingRules: [...DEFAULT_RANKING, 'createdAt:desc'],
    typoTolerance: TYPO_TOLERANCE,
  },
  hashtags: {
    searchableAttributes: ['tag'],
    filterableAttributes: [],
    sortableAttributes: [],
    rankingRules: DEFAULT_RANKING,
    typoTolerance: TYPO_TOLERANCE,
  },
} satisfies Record<string, Settings>;

type IndexName = keyof typeof INDEX_SETTINGS;
const INDEX_NAMES = Object.keys(INDEX_SETTINGS) as IndexName[];

type UserDocument = {
  id: string;
  username: string;
  displayName: string;
  verified: boolean;
  followersCount: number;
};

/**
 * Author names are not copied into posts (a rename would rewrite all of them):
 * a page of posts fetches its authors from the users index. `verified` is
 * copied, since posts are filtered by it; a change reaches every post.
 */
type PostDocument = {
  id: string;
  authorId: string;
  content: string;
  hashtags: string[];
  /** Unix time in seconds, with the milliseconds as the fraction (filters and sorts). */
  createdAt: number;
  verified: boolean;
};

/** A tag as matched by prefix and typo; its uses are counted in PostgreSQL. */
type HashtagDocument = { id: string; tag: string };

interface UserRow {
  id: string;
  username: string;
  displayName: string;
  verified: boolean;
  followersCount: number;
}

interface HashtagUse {
  tag: string;
  postId: string;
  createdAt: Date;
}

export interface MeiliSearchEngineOptions {
  url: string;
  apiKey?: string;
  /** Prefix of the index names (`wave_users`, …), so deployments and test runs can share a server. */
  indexPrefix?: string;
}

export const DEFAULT_INDEX_PREFIX = 'wave_';

const USER_FIELDS = ['id', 'username', 'displayName', 'verified'] satisfies (keyof UserDocument)[];
/** A user as results show them (users and the authors of posts). */
type UserFields = Pick<UserDocument, (typeof USER_FIELDS)[number]>;

const toSeconds = (date: Date): number => date.getTime() / 1000;
const fromSeconds = (seconds: number): string => new Date(Math.round(seconds * 1000)).toISOString();
/** A string as a Meilisearch filter value. */
const quote = (value: string): string =>
  `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`;
/** Document ids allow only [A-Za-z0-9_-]; tags hold any letter, so a tag's id is its hash. */
const hashtagId = (tag: string): string => createHash('sha256').update(tag).digest('base64url');
const chunks = <T>(items: T[], size = BATCH_SIZE): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, at) =>
    items.slice(at * size, at * size + size),
  );
const toUserDocument = (row: UserRow): UserDocument => ({
  id: row.id,
  username: row.username,
  displayName: row.displayName,
  verified: row.verified,
  followersCount: row.followersCount,
});

/**
 * The production engine: users, posts and hashtags in Meilisearch (prefix and
 * typo matching, ranking rules set at start-up by `ensureSettings()`).
 *
 * What a document index cannot do idempotently stays in the service's own
 * PostgreSQL tables, shared with the PostgreSQL engine: `users` (the version
 * applied, so an older or repeated event changes nothing, and the follower
 * count), `follows` (a repeated follow counts once), `posts` (one row per
 * indexed post with its author and date, but no text or words: the record
 * that makes a repeated create a no-op and that `hashtag_uses` refers to),
 * `deleted_posts` (a late create cannot bring a post back) and
 * `hashtag_uses` + `hashtags`. Each write changes those rows and enqueues
 * its documents in one transaction, so a failure anywhere rolls back and the
 * event is retried, and documents are enqueued in commit order.
 *
 * Hashtags "by use in the range": Meilisearch finds the tags that match the
 * text (prefix, typo) and PostgreSQL counts their uses in the range from
 * `hashtag_uses` (all time: `hashtags.uses_count`), the same counts as
 * trends and the PostgreSQL engine, exact whatever the range, where a facet
 * search on posts.hashtags would count only what one request can see.
 *
 * Every write waits, before its transaction commits, until Meilisearch has
 * processed its tasks, and throws if one failed: the bookkeeping rolls back
 * and the event's job is retried with backoff (then kept as failed), so a
 * document Meilisearch refused is never recorded as indexed. Meilisearch
 * batches the tasks of concurrent jobs, so the wait costs latency per event
 * (tens of milliseconds), not throughput.
 */
export class MeiliSearchEngine implements SearchEngine {
  private readonly client: Meilisearch;
  private readonly prefix: string;
  /** The last task enqueued per index, for `whenIndexed()`. */
  private readonly lastTasks = new Map<string, number>();
  /** Tasks up to this uid were checked for failures by `whenIndexed()`. */
  private checkedTaskUid = -1;

  constructor(
    private readonly dataSource: DataSource,
    options: MeiliSearchEngineOptions,
  ) {
    this.client = new Meilisearch({
      host: options.url,
      apiKey: options.apiKey,
      timeout: REQUEST_TIMEOUT_MS,
      defaultWaitOptions: { timeout: WRITE_TIMEOUT_MS, interval: 50 },
    });
    this.prefix = options.indexPrefix ?? DEFAULT_INDEX_PREFIX;
  }

  /** The Meilisearch server's address, for the start-up log line. */
  get host(): string {
    return this.client.config.host;
  }

  /**
   * Creates the indexes if missing and applies their settings, waiting until
   * Meilisearch has applied them. Called once at start-up, before any event is
   * handled: a change of settings re-indexes every document already there.
   */
  async ensureSettings(): Promise<void> {
    await Promise.all(
      INDEX_NAMES.map(async (name) => {
        const uid = this.uid(name);
        const created = await this.client
          .createIndex(uid, { primaryKey: 'id' })
          .waitTask({ timeout: SETTINGS_TIMEOUT_MS });
        if (created.error?.code !== ErrorStatusCode.INDEX_ALREADY_EXISTS) assertSucceeded(created);
        assertSucceeded(
          await this.client
            .index(uid)
            .updateSettings(INDEX_SETTINGS[name])
            .waitTask({ timeout: SETTINGS_TIMEOUT_MS, interval: 200 }),
        );
      }),
    );
  }

  /**
   * Waits until everything this engine enqueued is searchable, and throws if
   * any of it failed. Every write already waits for its own tasks; the tests
   * call this to settle writes made from other tasks too (the worker's).
   */
  async whenIndexed(): Promise<void> {
    const last = [...this.lastTasks.values()];
    if (last.length === 0) return;
    await this.client.tasks.waitForTasks(last);
    const newest = Math.max(...last);
    const failed = (
      await this.client.tasks.getTasks({
        indexUids: INDEX_NAMES.map((name) => this.uid(name)),
        statuses: ['failed'],
        from: newest,
        limit: 20,
      })
    ).results.filter((task) => task.uid > this.checkedTaskUid);
    this.checkedTaskUid = newest;
    if (failed.length > 0) {
      throw new Error(`Meilisearch tasks failed: ${failed.map(describeTask).join('; ')}`);
    }
  }

  /** Deletes this engine's indexes (tests, with their own prefix). */
  async dropIndexes(): Promise<void> {
    for (const name of INDEX_NAMES) await this.client.deleteIndexIfExists(this.uid(name));
  }

  async applyUser(user: IndexedUser): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.user, user.id, 'exclusive');
      const [before] = await manager.query<{ verified: boolean }[]>(
        `SELECT verified FROM ${T.users} WHERE id = $1`,
        [user.id],
      );
      const [row] = await this.upsertUsers(manager, [user]);
      // Older or repeated: nothing changed.
      if (!row) return;
      const tasks = [
        await this.enqueue('users', this.index('users').addDocuments([toUserDocument(row)])),
      ];
      if ((before?.verified ?? false) !== row.verified) {
        tasks.push(...(await this.copyVerified(manager, [row.id], row.verified)));
      }
      await this.waitFor(tasks);
    });
  }

  async setFollow(
    followerId: string,
    followeeId: string,
    following: boolean,
    at: Date,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.user, followeeId, 'exclusive');
      const followersCount = await recordFollow(manager, followerId, followeeId, following, at);
      if (followersCount === null) return;
      const rows = [{ id: followeeId, followersCount }];
      await this.waitFor([await this.enqueue('users', this.index('users').updateDocuments(rows))]);
    });
  }

  async upsertPost(post: IndexedPost): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.user, post.authorId, 'shared');
      await lock(manager, LOCK.post, post.id, 'exclusive');
      await this.waitFor(await this.insertPosts(manager, [post]));
    });
  }

  async updatePost(edit: PostEdit): Promise<void> {
    const { id, content, hashtags } = edit;
    await this.dataSource.transaction(async (manager) => {
      await lock(manager, LOCK.user, edit.authorId, 'shared');
      await lock(manager, LOCK.post, id, 'exclusive');
      // An older edit heard after a newer one changes nothing; one heard before the post is
      // indexed is kept, and the create brings it.
      if (!(await recordEdit(manager, edit))) return;
      const [row] = await manager.query<{ createdAt: Date }[]>(
        `SELECT created_at AS "createdAt" FROM ${T.posts} WHERE id = $1`,
        [id],
      );
      // Deleted, or not created yet (its create brings the edit).
      if (!row) return;
      const tags = normaliseTags(hashtags);
      await removeHashtagUses(manager, id, tags);
      const hashtagTasks = await this.addHashtagUses(
        manager,
        tags.map((tag) => ({ tag, postId: id, createdAt: row.createdAt })),
      );
      const update: Partial<PostDocument> & { id: string } = { id, content, hashtags: tags };
      await this.waitFor([
        ...hashtagTasks,
        await this.enqueue('posts', this.index('posts').updateDocuments([update])),
      ]);
    });
  }

  async deletePost(id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.lockPost(manager, id);
      await forgetPost(manager, id);
      // Always: a document whose transaction failed after enqueueing it goes too.
      await this.waitFor([await this.enqueue('posts', this.index('posts').deleteDocument(id))]);
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

  async indexUsers(users: IndexedUser[]): Promise<void> {
    // The newest version of each user (one statement cannot write a row twice).
    const newest = new Map<string, IndexedUser>();
    for (const user of users) {
      const seen = newest.get(user.id);
      if (!seen || seen.version < user.version) newest.set(user.id, user);
    }
    if (newest.size === 0) return;
    const tasks = await this.dataSource.transaction(async (manager) => {
      const ids = [...newest.keys()];
      await lock(manager, LOCK.user, ids, 'exclusive');
      const before = new Map(
        (
          await manager.query<{ id: string; verified: boolean }[]>(
            `SELECT id, verified FROM ${T.users} WHERE id = ANY($1::uuid[])`,
            [ids],
          )
        ).map((row) => [row.id, row.verified]),
      );
      const rows = await this.upsertUsers(manager, [...newest.values()]);
      const enqueued = await Promise.all(
        chunks(rows.map(toUserDocument)).map((documents) =>
          this.enqueue('users', this.index('users').addDocuments(documents)),
        ),
      );
      for (const verified of [true, false]) {
        const changed = rows.filter(
          (row) => row.verified === verified && (before.get(row.id) ?? false) !== verified,
        );
        enqueued.push(
          ...(await this.copyVerified(
            manager,
            changed.map((row) => row.id),
            verified,
          )),
        );
      }
      return enqueued;
    });
    await this.waitFor(tasks);
  }

  async indexFollows(follows: IndexedFollow[]): Promise<void> {
    if (follows.length === 0) return;
    const tasks = await this.dataSource.transaction(async (manager) => {
      await lock(
        manager,
        LOCK.user,
        follows.map((follow) => follow.followeeId),
        'exclusive',
      );
      const rows = await addFollows(manager, follows);
      return Promise.all(
        chunks(rows).map((documents) =>
          this.enqueue('users', this.index('users').updateDocuments(documents)),
        ),
      );
    });
    await this.waitFor(tasks);
  }

  async indexPosts(posts: IndexedPost[]): Promise<void> {
    const unique = [...new Map(posts.map((post) => [post.id, post])).values()];
    if (unique.length === 0) return;
    const tasks = await this.dataSource.transaction(async (manager) => {
      await lock(
        manager,
        LOCK.user,
        unique.map((post) => post.authorId),
        'shared',
      );
      return this.insertPosts(manager, unique);
    });
    await this.waitFor(tasks);
  }

  /**
   * Empties the indexes and the bookkeeping (deleted posts stay deleted). The
   * tables stay locked until the deletions are enqueued, so a write that
   * waited for them lands after them.
   */
  async clear(): Promise<void> {
    const tasks = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `TRUNCATE ${T.users}, ${T.follows}, ${T.hashtagUses}, ${T.hashtags}, ${T.posts}`,
      );
      return Promise.all(
        INDEX_NAMES.map((name) => this.enqueue(name, this.index(name).deleteAllDocuments())),
      );
    });
    await this.waitFor(tasks);
  }

  /** The exact handle, then handles with the word, then names; each by followers (the ranking rules). */
  private async users(text: string, verifiedOnly: boolean, limit: number): Promise<SearchResult[]> {
    const terms = queryTerms(text);
    if (terms.length === 0) return [];
    const { hits } = await this.index<UserDocument>('users').search(terms.join(' '), {
      limit,
      filter: verifiedOnly ? 'verified = true' : undefined,
      attributesToRetrieve: USER_FIELDS,
      matchingStrategy: 'all',
    });
    return hits.map(userResult);
  }

  /**
   * Posts with every word (or one a typo away), the most relevant first, then
   * the newest; a query that is one hashtag in use lists that tag's posts,
   * newest first (as the PostgreSQL engine does).
   */
  private async posts(
    text: string,
    since: Date | null,
    verifiedOnly: boolean,
    limit: number,
  ): Promise<SearchResult[]> {
    const filter = [
      ...(since ? [`createdAt >= ${toSeconds(since)}`] : []),
      ...(verifiedOnly ? ['verified = true'] : []),
    ];
    const posts = this.index<PostDocument>('posts');
    const tag = soleHashtag(text);
    let hits: PostDocument[] = tag
      ? (
          await posts.search(null, {
            limit,
            filter: [...filter, `hashtags = ${quote(tag)}`],
            sort: ['createdAt:desc'],
          })
        ).hits
      : [];
    if (hits.length === 0) {
      const terms = queryTerms(text);
      if (terms.length === 0) return [];
      ({ hits } = await posts.search(terms.join(' '), {
        limit,
        filter: filter.length > 0 ? filter : undefined,
        matchingStrategy: 'all',
      }));
    }
    const authors = await this.authors(hits.map((hit) => hit.authorId));
    return hits.map((hit) => {
      const author = authors.get(hit.authorId);
      return {
        type: 'post',
        id: hit.id,
        username: author?.username ?? null,
        displayName: author?.displayName ?? null,
        content: hit.content,
        count: null,
        verified: author?.verified ?? false,
        createdAt: fromSeconds(hit.createdAt),
      };
    });
  }

  /** The authors of a page of posts, in one request. */
  private async authors(ids: string[]): Promise<Map<string, UserFields>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const { results } = await this.index<UserDocument>('users').getDocuments({
      filter: `id IN [${unique.map(quote).join(', ')}]`,
      fields: USER_FIELDS,
      limit: unique.length,
    });
    return new Map(results.map((user) => [user.id, user]));
  }

  /**
   * Tags that match the text (prefix, typo) in Meilisearch, the exact tag
   * first, then by their uses in the range (PostgreSQL), unused ones left out.
   */
  private async hashtags(text: string, since: Date | null, limit: number): Promise<SearchResult[]> {
    const tag = bareToken(text, '#');
    if (!tag) return [];
    const { hits } = await this.index<HashtagDocument>('hashtags').search(tag, {
      limit: limit * HASHTAG_CANDIDATES,
      attributesToRetrieve: ['tag'],
      matchingStrategy: 'all',
    });
    if (hits.length === 0) return [];
    const candidates = hits.map((hit) => hit.tag);
    const rows: { tag: string; uses: number }[] = since
      ? await this.dataSource.query(
          `SELECT tag, count(*)::int AS uses FROM ${T.hashtagUses}
           WHERE tag = ANY($1::varchar[]) AND created_at >= $2 GROUP BY tag`,
          [candidates, since],
        )
      : await this.dataSource.query(
          `SELECT tag, uses_count AS uses FROM ${T.hashtags}
           WHERE tag = ANY($1::varchar[]) AND uses_count > 0`,
          [candidates],
        );
    return rows
      .filter((row) => row.uses > 0)
      .sort(
        (a, b) =>
          Number(b.tag === tag) - Number(a.tag === tag) ||
          b.uses - a.uses ||
          (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0),
      )
      .slice(0, limit)
      .map(hashtagResult);
  }

  /** Writes users newer than what is stored; returns the rows that changed. */
  private upsertUsers(manager: EntityManager, users: IndexedUser[]): Promise<UserRow[]> {
    return manager.query<UserRow[]>(
      `INSERT INTO ${T.users} AS u
         (id, username, username_key, display_name, profile_image_url, verified, version, followers_count)
       SELECT n.id, n.username, lower(n.username), n.display_name, n.profile_image_url, n.verified,
         n.version, (SELECT count(*)::int FROM ${T.follows} f WHERE f.followee_id = n.id)
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::text[], $5::boolean[], $6::int[])
         AS n(id, username, display_name, profile_image_url, verified, version)
       ON CONFLICT (id) DO UPDATE SET
         username = EXCLUDED.username, username_key = EXCLUDED.username_key,
         display_name = EXCLUDED.display_name, profile_image_url = EXCLUDED.profile_image_url,
         verified = EXCLUDED.verified, version = EXCLUDED.version
       WHERE u.version < EXCLUDED.version
       RETURNING u.id, u.username, u.display_name AS "displayName", u.verified,
         u.followers_count AS "followersCount"`,
      [
        users.map((user) => user.id),
        users.map((user) => user.username),
        users.map((user) => user.displayName),
        users.map((user) => user.profileImageUrl),
        users.map((user) => user.verified),
        users.map((user) => user.version),
      ],
    );
  }

  /**
   * Records the posts not yet seen and not deleted, counts their hashtags and
   * enqueues their documents, with the authors' `verified` as stored now.
   */
  private async insertPosts(
    manager: EntityManager,
    created: IndexedPost[],
  ): Promise<EnqueuedTask[]> {
    // An edit heard before the post was indexed is what it says now.
    const posts = await withLatestEdits(manager, created);
    const inserted = new Set(
      (
        await manager.query<{ id: string }[]>(
          `INSERT INTO ${T.posts} (id, author_id, content, document, created_at)
           SELECT p.id, p.author_id, '', ''::tsvector, p.created_at
           FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS p(id, author_id, created_at)
           WHERE NOT EXISTS (SELECT 1 FROM ${T.deletedPosts} d WHERE d.id = p.id)
           ON CONFLICT (id) DO NOTHING RETURNING id`,
          [
            posts.map((post) => post.id),
            posts.map((post) => post.authorId),
            posts.map((post) => post.createdAt),
          ],
        )
      ).map((row) => row.id),
    );
    const fresh = posts.filter((post) => inserted.has(post.id));
    if (fresh.length === 0) return [];
    const tagsOf = new Map(fresh.map((post) => [post.id, normaliseTags(post.hashtags)]));
    const enqueued = await this.addHashtagUses(
      manager,
      fresh.flatMap((post) =>
        (tagsOf.get(post.id) ?? []).map((tag) => ({
          tag,
          postId: post.id,
          createdAt: post.createdAt,
        })),
      ),
    );
    const verified = new Set(
      (
        await manager.query<{ id: string }[]>(
          `SELECT id FROM ${T.users} WHERE id = ANY($1::uuid[]) AND verified`,
          [[...new Set(fresh.map((post) => post.authorId))]],
        )
      ).map((row) => row.id),
    );
    const documents = fresh.map((post): PostDocument => ({
      id: post.id,
      authorId: post.authorId,
      content: post.content,
      hashtags: tagsOf.get(post.id) ?? [],
      createdAt: toSeconds(post.createdAt),
      verified: verified.has(post.authorId),
    }));
    for (const batch of chunks(documents)) {
      enqueued.push(await this.enqueue('posts', this.index('posts').addDocuments(batch)));
    }
    return enqueued;
  }

  /** Records hashtag uses (once per post and tag) and enqueues the tags never seen before. */
  private async addHashtagUses(
    manager: EntityManager,
    uses: HashtagUse[],
  ): Promise<EnqueuedTask[]> {
    if (uses.length === 0) return [];
    const added = await manager.query<{ tag: string; uses: number }[]>(
      `WITH added AS (
         INSERT INTO ${T.hashtagUses} (tag, post_id, created_at)
         SELECT * FROM unnest($1::varchar[], $2::uuid[], $3::timestamptz[])
         ON CONFLICT DO NOTHING RETURNING tag
       ) SELECT tag, count(*)::int AS uses FROM added GROUP BY tag`,
      [uses.map((use) => use.tag), uses.map((use) => use.postId), uses.map((use) => use.createdAt)],
    );
    if (added.length === 0) return [];
    // In one order for every writer: rows of hashtags are locked as they are written.
    added.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    const tags = added.map((row) => row.tag);
    const known = new Set(
      (
        await manager.query<{ tag: string }[]>(
          `SELECT tag FROM ${T.hashtags} WHERE tag = ANY($1::varchar[])`,
          [tags],
        )
      ).map((row) => row.tag),
    );
    await manager.query(
      `INSERT INTO ${T.hashtags} AS h (tag, uses_count)
       SELECT * FROM unnest($1::varchar[], $2::int[])
       ON CONFLICT (tag) DO UPDATE SET uses_count = h.uses_count + EXCLUDED.uses_count`,
      [tags, added.map((row) => row.uses)],
    );
    const documents = tags
      .filter((tag) => !known.has(tag))
      .map((tag): HashtagDocument => ({ id: hashtagId(tag), tag }));
    const enqueued: EnqueuedTask[] = [];
    for (const batch of chunks(documents)) {
      enqueued.push(await this.enqueue('hashtags', this.index('hashtags').addDocuments(batch)));
    }
    return enqueued;
  }

  /** Copies an author's `verified` into their posts' documents (the filter reads it there). */
  private async copyVerified(
    manager: EntityManager,
    authorIds: string[],
    verified: boolean,
  ): Promise<EnqueuedTask[]> {
    if (authorIds.length === 0) return [];
    const posts = await manager.query<{ id: string }[]>(
      `SELECT id FROM ${T.posts} WHERE author_id = ANY($1::uuid[])`,
      [authorIds],
    );
    const enqueued: EnqueuedTask[] = [];
    for (const batch of chunks(posts)) {
      const updates = batch.map(({ id }): Partial<PostDocument> & { id: string } => ({
        id,
        verified,
      }));
      enqueued.push(await this.enqueue('posts', this.index('posts').updateDocuments(updates)));
    }
    return enqueued;
  }

  /** Takes a post's locks (its author's, shared, first); returns its author if it is indexed. */
  private async lockPost(manager: EntityManager, id: string): Promise<string | null> {
    // The author never changes, so it can be read before the locks.
    const [row] = await manager.query<{ authorId: string }[]>(
      `SELECT author_id AS "authorId" FROM ${T.posts} WHERE id = $1`,
      [id],
    );
    if (row) await lock(manager, LOCK.user, row.authorId, 'shared');
    await lock(manager, LOCK.post, id, 'exclusive');
    return row?.authorId ?? null;
  }

  private uid(name: IndexName): string {
    return `${this.prefix}${name}`;
  }

  private index<D extends Record<string, unknown> = Record<string, unknown>>(
    name: IndexName,
  ): Index<D> {
    return this.client.index<D>(this.uid(name));
  }

  /** Enqueues a write (Meilisearch answers once it is queued) and remembers it for `whenIndexed()`. */
  private async enqueue(name: IndexName, write: EnqueuedTaskPromise): Promise<EnqueuedTask> {
    const task = await write;
    const uid = this.uid(name);
    this.lastTasks.set(uid, Math.max(this.lastTasks.get(uid) ?? -1, task.taskUid));
    return task;
  }

  /** Waits for tasks to be processed; throws if one failed. */
  private async waitFor(tasks: EnqueuedTask[]): Promise<void> {
    if (tasks.length === 0) return;
    for (const task of await this.client.tasks.waitForTasks(tasks)) assertSucceeded(task);
  }
}

/** A readiness check: Meilisearch answers /health. */
export function meilisearchHealthCheck(url: string): () => Promise<unknown> {
  const client = new Meilisearch({ host: url, timeout: REQUEST_TIMEOUT_MS });
  return () => client.health();
}

const describeTask = (task: Task): string =>
  `${task.type} ${task.uid} on ${task.indexUid ?? '-'} ${task.status}${task.error ? `: ${task.error.message}` : ''}`;

function assertSucceeded(task: Task): void {
  if (task.status !== 'succeeded') throw new Error(`Meilisearch task ${describeTask(task)}`);
}
