import type { DataSource, EntityManager } from 'typeorm';
import type { SearchResult, TrendResponse } from '@wave/contracts';
import { SEARCH_SCHEMA } from '../config/search.config';
import type { IndexedPost } from './search-engine';

/**
 * The search service's own PostgreSQL tables. The PostgreSQL engine searches
 * them; the Meilisearch engine keeps its bookkeeping in them (versions,
 * follows, tombstones, hashtag uses). The writes both engines make alike are
 * here, so they cannot drift apart.
 */
export const SEARCH_TABLES = {
  users: `${SEARCH_SCHEMA}.users`,
  follows: `${SEARCH_SCHEMA}.follows`,
  followRemovals: `${SEARCH_SCHEMA}.follow_removals`,
  posts: `${SEARCH_SCHEMA}.posts`,
  deletedPosts: `${SEARCH_SCHEMA}.deleted_posts`,
  words: `${SEARCH_SCHEMA}.words`,
  hashtags: `${SEARCH_SCHEMA}.hashtags`,
  hashtagUses: `${SEARCH_SCHEMA}.hashtag_uses`,
  postEdits: `${SEARCH_SCHEMA}.post_edits`,
} as const;

const T = SEARCH_TABLES;

/**
 * Advisory lock classes (pg_advisory_xact_lock(class, hashtext(id))). Writes
 * to a user (and their follower count) take theirs exclusively, writes to
 * their posts share it, so a change of `verified` reaches every post; each
 * post's writes are serialised, and so are a follower-followee pair's (`follow`). Documents are enqueued under these locks, so
 * they reach Meilisearch in the order the database committed their rows.
 */
export const LOCK = { user: 0x5e_a1, post: 0x5e_a2, follow: 0x5e_a3 } as const;

/**
 * Takes advisory locks until the transaction ends, several in one order (by
 * key) so that two bulk writes cannot deadlock; a single write takes one lock
 * of each class at most.
 */
export async function lock(
  manager: EntityManager,
  kind: number,
  ids: string | string[],
  mode: 'shared' | 'exclusive',
): Promise<void> {
  const fn = mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock';
  await manager.query(
    `SELECT count(${fn}($1, k)) FROM (
       SELECT DISTINCT hashtext(id) AS k FROM unnest($2::text[]) AS id ORDER BY k
     ) keys`,
    [kind, typeof ids === 'string' ? [ids] : ids],
  );
}

/** Tags as stored: lower case, once each, 1 to 100 characters (as the PostgreSQL engine keeps them). */
export const normaliseTags = (tags: string[]): string[] =>
  [...new Set(tags.map((tag) => tag.toLowerCase()))].filter(
    (tag) => tag.length > 0 && tag.length <= 100,
  );

/** An edit of a post, as tweet.updated tells it. */
export interface PostEdit {
  id: string;
  authorId: string;
  content: string;
  hashtags: string[];
  editedAt: Date;
}

/**
 * Records an edit, if it is the newest the index has heard of for the post
 * (returns whether it is). Kept whether or not the post is indexed yet: a
 * create that arrives later (a retried tweet.created, a reindex page read
 * before the edit) is indexed with it. Take the post's lock first.
 */
export async function recordEdit(manager: EntityManager, edit: PostEdit): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO ${T.postEdits} AS e (id, content, hashtags, edited_at)
     SELECT $1, $2, $3, $4 WHERE NOT EXISTS (SELECT 1 FROM ${T.deletedPosts} WHERE id = $1)
     ON CONFLICT (id) DO UPDATE
       SET content = EXCLUDED.content, hashtags = EXCLUDED.hashtags, edited_at = EXCLUDED.edited_at
       WHERE e.edited_at < EXCLUDED.edited_at
     RETURNING 1`,
    [edit.id, edit.content, normaliseTags(edit.hashtags), edit.editedAt],
  );
  return rows.length > 0;
}

/** Posts as they are to be indexed: each with the newest edit heard of, when newer than its own text. */
export async function withLatestEdits(
  manager: EntityManager,
  posts: IndexedPost[],
): Promise<IndexedPost[]> {
  if (posts.length === 0) return posts;
  const edits: { id: string; content: string; hashtags: string[]; editedAt: Date }[] =
    await manager.query(
      `SELECT id, content, hashtags, edited_at AS "editedAt" FROM ${T.postEdits}
       WHERE id = ANY($1::uuid[])`,
      [posts.map((post) => post.id)],
    );
  if (edits.length === 0) return posts;
  const byId = new Map(edits.map((edit) => [edit.id, edit]));
  return posts.map((post) => {
    const edit = byId.get(post.id);
    return edit && (!post.editedAt || post.editedAt < edit.editedAt)
      ? { ...post, content: edit.content, hashtags: edit.hashtags, editedAt: edit.editedAt }
      : post;
  });
}

/**
 * Deletes a post from the tables: a tombstone first (a late or repeated
 * create cannot bring it back), then its hashtag uses (uncounted), its edits
 * and its row. Take the post's lock first, so a create in flight either
 * committed before (and is deleted) or sees the tombstone.
 */
export async function forgetPost(manager: EntityManager, id: string): Promise<void> {
  await manager.query(`INSERT INTO ${T.deletedPosts} (id) VALUES ($1) ON CONFLICT DO NOTHING`, [
    id,
  ]);
  await removeHashtagUses(manager, id, []);
  await manager.query(`DELETE FROM ${T.postEdits} WHERE id = $1`, [id]);
  await manager.query(`DELETE FROM ${T.posts} WHERE id = $1`, [id]);
}

/** A follow as the index keeps it: who, whom, and when it was made. */
export interface IndexedFollow {
  followerId: string;
  followeeId: string;
  createdAt: Date;
}

/**
 * Records a follow or an unfollow made at `at`, and moves the followee's
 * count once. Each pair keeps when it was last followed and last unfollowed,
 * so events apply in the order they happened, whatever order they arrive in:
 * a repeated event changes nothing, and a follow older than the pair's last
 * unfollow (a retried or late event) is not applied, nor an unfollow older
 * than the follow. Returns the followee's new count, or null when nothing
 * changed or the followee is not indexed yet (they get the count from
 * `follows` when they are).
 */
export async function recordFollow(
  manager: EntityManager,
  followerId: string,
  followeeId: string,
  following: boolean,
  at: Date,
): Promise<number | null> {
  // The pair's writes one at a time: under READ COMMITTED a follow and its unfollow applied at
  // the same moment would each miss the other's uncommitted row, and the follow would stay.
  await lock(manager, LOCK.follow, `${followerId}:${followeeId}`, 'exclusive');
  let changed: boolean;
  if (following) {
    const rows: { inserted: boolean }[] = await manager.query(
      `INSERT INTO ${T.follows} AS f (follower_id, followee_id, followed_at)
       SELECT $1, $2, $3 WHERE NOT EXISTS (
         SELECT 1 FROM ${T.followRemovals}
         WHERE follower_id = $1 AND followee_id = $2 AND removed_at >= $3)
       ON CONFLICT (follower_id, followee_id)
         DO UPDATE SET followed_at = greatest(f.followed_at, EXCLUDED.followed_at)
       RETURNING (xmax = 0) AS inserted`,
      [followerId, followeeId, at],
    );
    changed = rows[0]?.inserted ?? false;
  } else {
    await manager.query(
      `INSERT INTO ${T.followRemovals} AS r (follower_id, followee_id, removed_at)
       VALUES ($1, $2, $3)
       ON CONFLICT (follower_id, followee_id)
         DO UPDATE SET removed_at = greatest(r.removed_at, EXCLUDED.removed_at)`,
      [followerId, followeeId, at],
    );
    const [removed] = await manager.query<[unknown[], number]>(
      `DELETE FROM ${T.follows}
       WHERE follower_id = $1 AND followee_id = $2 AND followed_at <= $3 RETURNING follower_id`,
      [followerId, followeeId, at],
    );
    changed = removed.length > 0;
  }
  if (!changed) return null;
  const [rows] = await manager.query<[{ followersCount: number }[], number]>(
    `UPDATE ${T.users} SET followers_count = greatest(followers_count + $2, 0) WHERE id = $1
     RETURNING followers_count AS "followersCount"`,
    [followeeId, following ? 1 : -1],
  );
  return rows[0]?.followersCount ?? null;
}

/**
 * Many follows at once (the reindex command), by the rules of recordFollow
 * (one older than the pair's last unfollow is not applied); then each
 * followee's count is set to the follows the index holds. Locks the
 * followees' rows in id order. Returns the users whose count changed.
 */
export async function addFollows(
  manager: EntityManager,
  follows: IndexedFollow[],
): Promise<{ id: string; followersCount: number }[]> {
  const unique = [
    ...new Map(
      follows.map((follow) => [`${follow.followerId}:${follow.followeeId}`, follow]),
    ).values(),
  ];
  if (unique.length === 0) return [];
  // The pairs' locks, as recordFollow takes them: an unfollow applied meanwhile is seen.
  await lock(
    manager,
    LOCK.follow,
    unique.map((follow) => `${follow.followerId}:${follow.followeeId}`),
    'exclusive',
  );
  const followees = [...new Set(unique.map((follow) => follow.followeeId))];
  await manager.query(
    `INSERT INTO ${T.follows} AS f (follower_id, followee_id, followed_at)
     SELECT t.follower_id, t.followee_id, t.followed_at
     FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[]) AS t(follower_id, followee_id, followed_at)
     WHERE NOT EXISTS (
       SELECT 1 FROM ${T.followRemovals} r
       WHERE r.follower_id = t.follower_id AND r.followee_id = t.followee_id
         AND r.removed_at >= t.followed_at)
     ORDER BY 1, 2
     ON CONFLICT (follower_id, followee_id)
       DO UPDATE SET followed_at = greatest(f.followed_at, EXCLUDED.followed_at)`,
    [
      unique.map((follow) => follow.followerId),
      unique.map((follow) => follow.followeeId),
      unique.map((follow) => follow.createdAt.toISOString()),
    ],
  );
  await manager.query(
    `SELECT id FROM ${T.users} WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
    [followees],
  );
  const [changed] = await manager.query<[{ id: string; followersCount: number }[], number]>(
    `UPDATE ${T.users} u SET followers_count = c.n
     FROM (
       SELECT t.id, (SELECT count(*)::int FROM ${T.follows} f WHERE f.followee_id = t.id) AS n
       FROM unnest($1::uuid[]) AS t(id)
     ) c
     WHERE u.id = c.id AND u.followers_count <> c.n
     RETURNING u.id, u.followers_count AS "followersCount"`,
    [followees],
  );
  return changed;
}

/** Removes a post's hashtag uses except the tags in `keep` (lower case), and uncounts them. */
export async function removeHashtagUses(
  manager: EntityManager,
  postId: string,
  keep: string[],
): Promise<void> {
  const [removed] = await manager.query<[{ tag: string }[], number]>(
    `DELETE FROM ${T.hashtagUses} WHERE post_id = $1 AND NOT (tag = ANY($2::varchar[])) RETURNING tag`,
    [postId, keep],
  );
  if (removed.length === 0) return;
  await manager.query(
    `UPDATE ${T.hashtags} SET uses_count = greatest(uses_count - 1, 0) WHERE tag = ANY($1::varchar[])`,
    [removed.map((row) => row.tag)],
  );
}

/** The most used tags since a time (trends), from their uses. */
export async function trendingTags(
  dataSource: DataSource,
  limit: number,
  since: Date,
): Promise<TrendResponse[]> {
  const rows: { tag: string; count: number }[] = await dataSource.query(
    `SELECT tag, count(*)::int AS count FROM ${T.hashtagUses}
     WHERE created_at >= $1 GROUP BY tag ORDER BY count DESC, tag LIMIT $2`,
    [since, limit],
  );
  return rows.map((row) => ({ name: `#${row.tag}`, tag: row.tag, count: row.count }));
}

/** A user as a search result. */
export const userResult = (user: {
  id: string;
  username: string;
  displayName: string;
  verified: boolean;
}): SearchResult => ({
  type: 'user',
  id: user.id,
  username: user.username,
  displayName: user.displayName,
  content: null,
  count: null,
  verified: user.verified,
  createdAt: null,
});

/** A hashtag as a search result, with its uses in the range. */
export const hashtagResult = (row: { tag: string; uses: number }): SearchResult => ({
  type: 'hashtag',
  id: row.tag,
  username: null,
  displayName: null,
  content: `#${row.tag}`,
  count: row.uses,
  verified: false,
  createdAt: null,
});
