import type { SearchQuery, SearchResult, TrendResponse } from '@wave/contracts';
import { rangeStart } from './query-terms.util';
import type { IndexedFollow, PostEdit } from './search-tables';

export type { IndexedFollow, PostEdit } from './search-tables';

/** A user as the index keeps it. */
export interface IndexedUser {
  id: string;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
  verified: boolean;
  version: number;
}

/** A post as the index keeps it (hashtags lowercase, without #). */
export interface IndexedPost {
  id: string;
  authorId: string;
  content: string;
  hashtags: string[];
  createdAt: Date;
  /** When the text was last edited, if it was (reindex pages say; tweet.created never). */
  editedAt?: Date | null;
}

/**
 * What the service asks of a search engine. Writes are idempotent (a repeated
 * or late event changes nothing it should not), so the indexing workers can
 * retry freely. PostgreSQL implements it (the embedded default), and so does
 * Meilisearch (selected by MEILI_URL).
 */
export interface SearchEngine {
  applyUser(user: IndexedUser): Promise<void>;
  /** A follow or unfollow made at `at`: applied in the order they were made, whatever the order they arrive in. */
  setFollow(followerId: string, followeeId: string, following: boolean, at: Date): Promise<void>;
  upsertPost(post: IndexedPost): Promise<void>;
  /** An edit: applied when it is the newest heard of, kept for a post not indexed yet. */
  updatePost(edit: PostEdit): Promise<void>;
  deletePost(id: string): Promise<void>;
  search(query: SearchQuery, now: Date): Promise<SearchResult[]>;
  trends(limit: number, since: Date): Promise<TrendResponse[]>;

  /**
   * Bulk writes for a rebuild (the reindex command), with the same rules as
   * the single writes: users by version, follows counted once, deleted posts
   * stay deleted. They resolve once what they wrote is searchable.
   */
  indexUsers(users: IndexedUser[]): Promise<void>;
  indexFollows(follows: IndexedFollow[]): Promise<void>;
  indexPosts(posts: IndexedPost[]): Promise<void>;
  /** Empties the index (users, follows, posts, hashtags) for a fresh rebuild. */
  clear(): Promise<void>;
}

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');

/** With type "all": at most this many users and hashtags before the posts. */
export const MIXED_SHARE = 3;

/** The three lists an engine searches; a search combines them as its type says. */
export interface SearchLists {
  users(text: string, verifiedOnly: boolean, limit: number): Promise<SearchResult[]>;
  posts(
    text: string,
    since: Date | null,
    verifiedOnly: boolean,
    limit: number,
  ): Promise<SearchResult[]>;
  hashtags(text: string, since: Date | null, limit: number): Promise<SearchResult[]>;
}

/**
 * One search over an engine's lists: a single type, or for "all" up to
 * MIXED_SHARE users and hashtags, then posts, never more than the limit (the
 * lists are asked for at once). Verified-only has no hashtags (no author).
 */
export async function searchLists(
  lists: SearchLists,
  query: SearchQuery,
  now: Date,
): Promise<SearchResult[]> {
  const since = rangeStart(query.dateRange, now);
  const verifiedOnly = query.verified === 'verified';
  switch (query.type) {
    case 'users':
      return lists.users(query.q, verifiedOnly, query.limit);
    case 'posts':
      return lists.posts(query.q, since, verifiedOnly, query.limit);
    case 'hashtags':
      return verifiedOnly ? [] : lists.hashtags(query.q, since, query.limit);
    case 'all': {
      const share = Math.min(MIXED_SHARE, query.limit);
      const [users, tags, posts] = await Promise.all([
        lists.users(query.q, verifiedOnly, share),
        verifiedOnly ? [] : lists.hashtags(query.q, since, share),
        lists.posts(query.q, since, verifiedOnly, query.limit),
      ]);
      return [...users, ...tags, ...posts].slice(0, query.limit);
    }
  }
}
