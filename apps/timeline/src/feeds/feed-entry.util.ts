/**
 * A home-timeline entry: a post, or a retweet of a post by someone. In Redis it
 * is a sorted-set member ("p:<tweet>" or "r:<tweet>:<retweeter>") scored by its
 * time in milliseconds; entries order by (time, member) descending, a total
 * order, so a cursor is exact even when two entries share a millisecond.
 */
export type FeedEntry =
  | { kind: 'post'; tweetId: string; at: number }
  | { kind: 'retweet'; tweetId: string; retweeterId: string; at: number };

export interface FeedPosition {
  at: number;
  member: string;
}

/** The member that marks a cached timeline as complete (nothing older was trimmed). */
export const COMPLETE_MARKER = '.';

/**
 * The member that marks a cached timeline as being rebuilt: fan-out lands in it already, but
 * reads do not trust it (they rebuild too) until the rebuild that placed it has finished.
 */
export const BUILDING_MARKER = '..';

export const memberOf = (entry: FeedEntry): string =>
  entry.kind === 'post' ? `p:${entry.tweetId}` : `r:${entry.tweetId}:${entry.retweeterId}`;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const POST = new RegExp(`^p:(${UUID})$`);
const RETWEET = new RegExp(`^r:(${UUID}):(${UUID})$`);

export function entryOf(member: string, at: number): FeedEntry | null {
  const post = POST.exec(member);
  if (post?.[1]) return { kind: 'post', tweetId: post[1], at };
  const retweet = RETWEET.exec(member);
  if (retweet?.[1] && retweet[2])
    return { kind: 'retweet', tweetId: retweet[1], retweeterId: retweet[2], at };
  return null;
}

export const positionOf = (entry: FeedEntry): FeedPosition => ({
  at: entry.at,
  member: memberOf(entry),
});

/** Descending order: later first; at the same millisecond, the greater member first (as Redis ZREVRANGE). */
export function compareDescending(a: FeedPosition, b: FeedPosition): number {
  if (a.at !== b.at) return b.at - a.at;
  return a.member < b.member ? 1 : a.member > b.member ? -1 : 0;
}

/** True when the entry comes after the cursor in descending order (not yet seen). */
export const isAfter = (position: FeedPosition, cursor: FeedPosition | null): boolean =>
  cursor === null || compareDescending(cursor, position) < 0;

export function encodeFeedCursor(position: FeedPosition): string {
  return Buffer.from(`${position.at}~${position.member}`).toString('base64url');
}

export function decodeFeedCursor(value: string): FeedPosition | null {
  if (!/^[A-Za-z0-9_-]{1,300}$/.test(value)) return null;
  const match = /^(\d{1,15})~(.+)$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  if (!match) return null;
  const at = Number(match[1]);
  const member = match[2] ?? '';
  return entryOf(member, at) ? { at, member } : null;
}
