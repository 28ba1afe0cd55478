import type { PagePreview } from '../link-previews/link-preview-parser';
import type { PinState, TweetAuthor, TweetState } from '../tweets/tweets.repository';

/**
 * How the tweet cache writes what it holds. Every value starts with its version and a space:
 * the cache's scripts keep, of two values of a key (or of a relations field), the one of the
 * higher version, whatever order they arrive in.
 */

/** The version a deleted tweet's tombstone carries: no state read before the delete replaces it. */
export const TOMBSTONE_VERSION = Number.MAX_SAFE_INTEGER;
const TOMBSTONE_BODY = 'null';

export type CachedTweet = TweetState | 'deleted';

export interface VersionedAuthor {
  id: string;
  version: number;
  author: TweetAuthor;
}

/** A member's like and retweet of a tweet, as of the tweet's version. */
export interface CachedRelation {
  version: number;
  liked: boolean;
  retweeted: boolean;
}

/** Splits "<version> <body>"; null for anything else. */
export function splitVersioned(value: string): { version: number; body: string } | null {
  const space = value.indexOf(' ');
  if (space <= 0) return null;
  const version = Number(value.slice(0, space));
  return Number.isSafeInteger(version) ? { version, body: value.slice(space + 1) } : null;
}

type TweetBody = [
  authorId: string,
  content: string,
  imageUrls: string[],
  linkPreview: PagePreview | null,
  parentId: string | null,
  repliesCount: number,
  retweetsCount: number,
  likesCount: number,
  createdAt: number,
  editedAt: number | null,
];

/** The body of a tweet's value: a JSON array (no field names repeated in every value). */
export function encodeTweet(state: TweetState): string {
  const body: TweetBody = [
    state.authorId,
    state.content,
    state.imageUrls,
    state.linkPreview,
    state.parentId,
    state.repliesCount,
    state.retweetsCount,
    state.likesCount,
    state.createdAt.getTime(),
    state.editedAt?.getTime() ?? null,
  ];
  return JSON.stringify(body);
}

export const encodeTombstone = (): string => TOMBSTONE_BODY;

/** How many decoded tweets a TweetDecoder keeps by default (it starts again empty when full). */
const DECODED_KEPT = 20_000;

/**
 * Decodes tweets' values, keeping the last one decoded of each tweet: a value read again
 * unchanged (the same version and body) is not parsed again, and each read gets an object of
 * its own (reads complete it in place). The copies share the kept state's arrays, preview and
 * dates, which nothing may change in place. Bounded: emptied whenever it holds `max` tweets.
 */
export class TweetDecoder {
  private readonly kept = new Map<string, { value: string; tweet: TweetState }>();

  constructor(private readonly max = DECODED_KEPT) {}

  /** How many decoded tweets it holds. */
  get size(): number {
    return this.kept.size;
  }

  decode(id: string, value: string): CachedTweet | null {
    const kept = this.kept.get(id);
    if (kept !== undefined && kept.value === value) return copyOf(kept.tweet);
    const tweet = decodeTweet(id, value);
    if (tweet === null || tweet === 'deleted') {
      this.kept.delete(id);
      return tweet;
    }
    if (this.kept.size >= this.max) this.kept.clear();
    this.kept.set(id, { value, tweet: copyOf(tweet) });
    return tweet;
  }
}

/** A tweet's state as a new object of the same shape as decodeTweet's. */
const copyOf = (tweet: TweetState): TweetState => ({
  id: tweet.id,
  authorId: tweet.authorId,
  content: tweet.content,
  imageUrls: tweet.imageUrls,
  linkPreview: tweet.linkPreview,
  parentId: tweet.parentId,
  repliesCount: tweet.repliesCount,
  retweetsCount: tweet.retweetsCount,
  likesCount: tweet.likesCount,
  createdAt: tweet.createdAt,
  editedAt: tweet.editedAt,
  version: tweet.version,
});

/** A cached tweet from its value; null when the value is not one (read as a miss). */
export function decodeTweet(id: string, value: string): CachedTweet | null {
  const versioned = splitVersioned(value);
  if (!versioned) return null;
  if (versioned.body === TOMBSTONE_BODY) return 'deleted';
  let body: TweetBody;
  try {
    body = JSON.parse(versioned.body) as TweetBody;
  } catch {
    return null;
  }
  if (!Array.isArray(body) || body.length !== 10) return null;
  const [authorId, content, imageUrls, linkPreview, parentId, replies, retweets, likes] = body;
  const [, , , , , , , , createdAt, editedAt] = body;
  return {
    id,
    authorId,
    content,
    imageUrls,
    linkPreview,
    parentId,
    repliesCount: replies,
    retweetsCount: retweets,
    likesCount: likes,
    createdAt: new Date(createdAt),
    editedAt: editedAt === null ? null : new Date(editedAt),
    version: versioned.version,
  };
}

type AuthorBody = [
  username: string,
  displayName: string,
  firstName: string | null,
  lastName: string | null,
  profileImageUrl: string | null,
  verified: 0 | 1,
];

export function encodeAuthor(author: TweetAuthor): string {
  const body: AuthorBody = [
    author.username,
    author.displayName,
    author.firstName,
    author.lastName,
    author.profileImageUrl,
    author.verified ? 1 : 0,
  ];
  return JSON.stringify(body);
}

export function decodeAuthor(id: string, value: string): VersionedAuthor | null {
  const versioned = splitVersioned(value);
  if (!versioned) return null;
  let body: AuthorBody;
  try {
    body = JSON.parse(versioned.body) as AuthorBody;
  } catch {
    return null;
  }
  if (!Array.isArray(body) || body.length !== 6) return null;
  const [username, displayName, firstName, lastName, profileImageUrl, verified] = body;
  return {
    id,
    version: versioned.version,
    author: {
      username,
      displayName,
      firstName,
      lastName,
      profileImageUrl,
      verified: verified === 1,
    },
  };
}

/**
 * Decodes authors' values as TweetDecoder does tweets': the last one decoded of each author is
 * kept with its value, and a read of the same value gets a copy (the author object included,
 * which reads hand on in their views). Bounded: emptied whenever it holds `max` authors.
 */
export class AuthorDecoder {
  private readonly kept = new Map<string, { value: string; author: VersionedAuthor }>();

  constructor(private readonly max = DECODED_KEPT) {}

  get size(): number {
    return this.kept.size;
  }

  decode(id: string, value: string): VersionedAuthor | null {
    const kept = this.kept.get(id);
    if (kept !== undefined && kept.value === value) return copyOfAuthor(kept.author);
    const author = decodeAuthor(id, value);
    if (author === null) {
      this.kept.delete(id);
      return null;
    }
    if (this.kept.size >= this.max) this.kept.clear();
    this.kept.set(id, { value, author: copyOfAuthor(author) });
    return author;
  }
}

const copyOfAuthor = ({ id, version, author }: VersionedAuthor): VersionedAuthor => ({
  id,
  version,
  author: {
    username: author.username,
    displayName: author.displayName,
    firstName: author.firstName,
    lastName: author.lastName,
    profileImageUrl: author.profileImageUrl,
    verified: author.verified,
  },
});

/** A pin's body: the pinned tweet's id, or "-" for none. */
export const encodePin = (tweetId: string | null): string => tweetId ?? '-';

export function decodePin(userId: string, value: string): PinState | null {
  const versioned = splitVersioned(value);
  if (!versioned) return null;
  const tweetId = versioned.body === '-' ? null : versioned.body;
  if (tweetId !== null && !/^[0-9a-f-]{36}$/.test(tweetId)) return null;
  return { userId, tweetId, version: versioned.version };
}

/** A relation's body: "l" liked, "r" retweeted, both, or "-" neither. */
export function encodeRelation(relation: Pick<CachedRelation, 'liked' | 'retweeted'>): string {
  const flags = `${relation.liked ? 'l' : ''}${relation.retweeted ? 'r' : ''}`;
  return flags || '-';
}

export function decodeRelation(value: string): CachedRelation | null {
  const versioned = splitVersioned(value);
  if (!versioned || !/^(l|r|lr|-)$/.test(versioned.body)) return null;
  return {
    version: versioned.version,
    liked: versioned.body.includes('l'),
    retweeted: versioned.body.includes('r'),
  };
}
