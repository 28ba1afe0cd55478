import type { SearchQuery, SearchResult, TrendResponse } from '@wave/contracts';

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
}

/**
 * What the service asks of a search engine. Writes are idempotent (a repeated
 * or late event changes nothing it should not), so the indexing workers can
 * retry freely. PostgreSQL implements it here; a Meilisearch engine joins it
 * behind the same interface (selected by MEILI_URL).
 */
export interface SearchEngine {
  applyUser(user: IndexedUser): Promise<void>;
  setFollow(followerId: string, followeeId: string, following: boolean): Promise<void>;
  upsertPost(post: IndexedPost): Promise<void>;
  updatePost(id: string, content: string, hashtags: string[]): Promise<void>;
  deletePost(id: string): Promise<void>;
  search(query: SearchQuery, now: Date): Promise<SearchResult[]>;
  trends(limit: number, since: Date): Promise<TrendResponse[]>;
}

export const SEARCH_ENGINE = Symbol('SEARCH_ENGINE');
