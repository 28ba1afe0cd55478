import { LRUCache } from 'lru-cache';
import type { SearchQuery, SearchResult } from '@wave/contracts';
import { bareToken, PREFIX_MIN_LENGTH, queryTerms } from '../engine/query-terms.util';
import type { SearchEngine } from '../engine/search-engine';

export interface SearchResultsCacheOptions {
  /** How long a result is kept; 0 turns the cache off. */
  ttlMs: number;
  /** Results kept at most (the least recently used go first). */
  maxEntries: number;
  /** The clock ages are read from, in milliseconds (`performance.now` unless a test sets one). */
  now?: () => number;
}

/** What a write to the index touched, for the cached results it may change. */
export interface IndexChange {
  /** The words and tags of a post's text, or a user's name and handle. */
  text: string;
  hashtags?: readonly string[];
}

/** The longest word whose every prefix is looked up (longer ones add their first letters only). */
const MAX_PREFIXED_LENGTH = 32;

/**
 * The first page of each recent search, in this process, for `ttlMs`: a hot query (a trending
 * word, a tag everyone taps) is answered from memory instead of three statements. Identical
 * searches that arrive while one is being answered share its answer.
 *
 * Kept fresh by the index's own writes (this service's indexer): a new or edited post drops the
 * results of every query one of whose words it contains, or whose last word (matched as a
 * prefix) begins one of its words; a deleted post, the results that list it; a user's new name,
 * the queries of its words. A result that started before such a write is not kept. What a write
 * cannot name (a typo match, a hashtag count, another replica's writes, a follow's effect on the
 * ranking) is at most `ttlMs` old.
 */
export class SearchResultsCache {
  private readonly results: LRUCache<string, SearchResult[]> | null;
  /** Cached and pending queries by what may change their results: `w:word`, `p:prefix`, `id:post`. */
  private readonly keysByTerm = new Map<string, Set<string>>();
  private readonly termsByKey = new Map<string, readonly string[]>();
  /** Searches being answered; `stale` once a write touched one of their terms. */
  private readonly pending = new Map<string, { answer: Promise<SearchResult[]>; stale: boolean }>();

  constructor(options: SearchResultsCacheOptions) {
    this.results =
      options.ttlMs > 0
        ? new LRUCache<string, SearchResult[]>({
            max: options.maxEntries,
            ttl: options.ttlMs,
            // A given clock is read on every check (lru-cache otherwise reads it once a ms).
            ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
            // Expired results are dropped when read, and their terms with them.
            dispose: (_value, key) => this.forget(key),
          })
        : null;
  }

  /** The results of `query`, from memory when a recent search asked the same, else `search`'s. */
  async get(query: SearchQuery, search: () => Promise<SearchResult[]>): Promise<SearchResult[]> {
    if (!this.results) return search();
    const key = JSON.stringify([query.q, query.type, query.dateRange, query.verified, query.limit]);
    const cached = this.results.get(key);
    if (cached) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight.answer;
    this.remember(key, termsOfQuery(query.q));
    const entry = { answer: search(), stale: false };
    this.pending.set(key, entry);
    try {
      const answer = await entry.answer;
      if (!entry.stale) {
        this.results.set(key, answer);
        this.remember(key, [
          ...(this.termsByKey.get(key) ?? []),
          ...answer.flatMap((result) => (result.type === 'post' ? [`id:${result.id}`] : [])),
        ]);
      }
      return answer;
    } finally {
      this.pending.delete(key);
      if (!this.results.has(key)) this.forget(key);
    }
  }

  /** A post was indexed or edited, or a user named: drops what its words may change. */
  changed(change: IndexChange): void {
    const words = [...queryTerms(change.text), ...(change.hashtags ?? [])];
    const terms = new Set<string>();
    for (const word of words) {
      terms.add(`w:${word}`);
      const longest = Math.min(word.length, MAX_PREFIXED_LENGTH);
      for (let length = PREFIX_MIN_LENGTH; length <= longest; length += 1) {
        terms.add(`p:${word.slice(0, length)}`);
      }
    }
    this.drop(terms);
  }

  /** A post was deleted: drops the results that list it. */
  deleted(postId: string): void {
    this.drop([`id:${postId}`]);
  }

  /** Everything (the index was emptied or rebuilt). */
  clear(): void {
    for (const entry of this.pending.values()) entry.stale = true;
    this.results?.clear();
    this.keysByTerm.clear();
    this.termsByKey.clear();
  }

  /** Cached results (for tests and metrics). */
  get size(): number {
    return this.results?.size ?? 0;
  }

  private drop(terms: Iterable<string>): void {
    const keys = new Set<string>();
    for (const term of terms) for (const key of this.keysByTerm.get(term) ?? []) keys.add(key);
    for (const key of keys) {
      const inFlight = this.pending.get(key);
      if (inFlight) inFlight.stale = true;
      // `dispose` forgets its terms.
      if (!this.results?.delete(key)) this.forget(key);
    }
  }

  private remember(key: string, terms: readonly string[]): void {
    this.forget(key);
    this.termsByKey.set(key, terms);
    for (const term of terms) {
      let keys = this.keysByTerm.get(term);
      if (!keys) this.keysByTerm.set(term, (keys = new Set()));
      keys.add(key);
    }
  }

  private forget(key: string): void {
    for (const term of this.termsByKey.get(key) ?? []) {
      const keys = this.keysByTerm.get(term);
      keys?.delete(key);
      if (keys?.size === 0) this.keysByTerm.delete(term);
    }
    this.termsByKey.delete(key);
  }
}

/**
 * What may change a query's results: each of its words (a post containing one), and its last
 * word as a prefix (a post with a word it begins). A handle or tag counts as its bare word.
 */
function termsOfQuery(q: string): string[] {
  const words = queryTerms(q);
  const bare = bareToken(q, '#') ?? bareToken(q, '@');
  const terms = [...words, ...(bare ? [bare] : [])].map((word) => `w:${word}`);
  const last = words.at(-1) ?? bare;
  if (last) terms.push(`p:${last.slice(0, MAX_PREFIXED_LENGTH)}`);
  return terms;
}

/**
 * The engine with its searches answered through `cache`, which its writes keep fresh (each write
 * first, then what it changed dropped: a search after it reads the new state).
 */
export function withResultsCache(engine: SearchEngine, cache: SearchResultsCache): SearchEngine {
  return {
    search: (query, now) => cache.get(query, () => engine.search(query, now)),
    trends: (limit, since) => engine.trends(limit, since),
    applyUser: async (user) => {
      await engine.applyUser(user);
      cache.changed({ text: `${user.username} ${user.displayName}` });
    },
    setFollow: (followerId, followeeId, following, at) =>
      engine.setFollow(followerId, followeeId, following, at),
    upsertPost: async (post) => {
      await engine.upsertPost(post);
      cache.changed({ text: post.content, hashtags: post.hashtags });
    },
    updatePost: async (edit) => {
      await engine.updatePost(edit);
      cache.changed({ text: edit.content, hashtags: edit.hashtags });
      cache.deleted(edit.id);
    },
    deletePost: async (id) => {
      await engine.deletePost(id);
      cache.deleted(id);
    },
    indexUsers: async (users) => {
      await engine.indexUsers(users);
      cache.clear();
    },
    indexFollows: (follows) => engine.indexFollows(follows),
    indexPosts: async (posts) => {
      await engine.indexPosts(posts);
      cache.clear();
    },
    clear: async () => {
      await engine.clear();
      cache.clear();
    },
  };
}
