/** Counts kept per post, and per user (plus follows). */
export const ENGAGEMENT_FIELDS = [
  'views',
  'likes',
  'unlikes',
  'replies',
  'retweets',
  'unretweets',
] as const;
export type EngagementField = (typeof ENGAGEMENT_FIELDS)[number];
export const USER_FIELDS = [...ENGAGEMENT_FIELDS, 'follows', 'unfollows'] as const;
export type UserField = (typeof USER_FIELDS)[number];

/** Something that happened to a user (to their posts, or a follow of them). */
export interface UserIncrement {
  userId: string;
  at: Date;
  field: UserField;
  n: number;
}

/** Something that happened to a post of `authorId`. */
export interface PostIncrement {
  postId: string;
  authorId: string;
  at: Date;
  field: EngagementField;
  n: number;
}

export interface Increments {
  users: UserIncrement[];
  posts: PostIncrement[];
}

export const emptyIncrements = (): Increments => ({ users: [], posts: [] });

/** `n` views of a post at `at`: counted for the post and for its author. */
export function addPostViews(
  increments: Increments,
  view: { postId: string; authorId: string; at: Date; n: number },
): void {
  const { postId, authorId, at, n } = view;
  increments.posts.push({ postId, authorId, at, field: 'views', n });
  increments.users.push({ userId: authorId, at, field: 'views', n });
}

/** One rollup row to add: its key and what to add to each count. */
export interface RollupRow<F extends string> {
  key: string[];
  counts: Record<F, number>;
}

const HOUR_MS = 3600 * 1000;
export const hourStartOf = (at: Date): Date =>
  new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

function group<F extends string>(
  fields: readonly F[],
  items: { key: string[]; field: F; n: number }[],
): RollupRow<F>[] {
  const rows = new Map<string, RollupRow<F>>();
  for (const item of items) {
    const id = item.key.join('|');
    let row = rows.get(id);
    if (!row) {
      row = {
        key: item.key,
        counts: Object.fromEntries(fields.map((field) => [field, 0])) as Record<F, number>,
      };
      rows.set(id, row);
    }
    row.counts[item.field] += item.n;
  }
  // In key order, so concurrent transactions lock shared rows in the same order (no deadlocks).
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** The hourly and daily rows to add, one per key, each summing its increments. */
export function rollupRows(increments: Increments) {
  const users = increments.users.filter((increment) => increment.n !== 0);
  const posts = increments.posts.filter((increment) => increment.n !== 0);
  return {
    userHourly: group(
      USER_FIELDS,
      users.map((i) => ({ ...i, key: [i.userId, hourStartOf(i.at).toISOString()] })),
    ),
    userDaily: group(
      USER_FIELDS,
      users.map((i) => ({ ...i, key: [i.userId, dayOf(i.at)] })),
    ),
    postHourly: group(
      ENGAGEMENT_FIELDS,
      posts.map((i) => ({ ...i, key: [i.postId, hourStartOf(i.at).toISOString(), i.authorId] })),
    ),
    postDaily: group(
      ENGAGEMENT_FIELDS,
      posts.map((i) => ({ ...i, key: [i.postId, dayOf(i.at), i.authorId] })),
    ),
    /** Each post's lifetime counts (on its projection row). */
    postTotals: group(
      ENGAGEMENT_FIELDS,
      posts.map((i) => ({ ...i, key: [i.postId, i.authorId] })),
    ),
  };
}
