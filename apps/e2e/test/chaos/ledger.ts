/**
 * What the chaos workload asked the API to write, and what the API answered. A write the API
 * acknowledged (2xx) must exist exactly once in its owner's database; a write that got anything
 * else (a 5xx, a timeout, a broken connection) may or may not have happened, so it must exist at
 * most once; a write refused with a 4xx other than 408 and 429 must not exist at all.
 */
export type Outcome = 'acknowledged' | 'uncertain' | 'refused';

/** Every text the workload writes carries a nonce of its own, so a duplicate row is found by it. */
export interface WrittenText {
  outcome: Outcome;
  /** The row's id, from the answer (acknowledged writes only). */
  id: string | null;
  authorId: string;
  /** The exact text sent (trimmed, unique within the run). */
  content: string;
}

export interface LedgerTweet extends WrittenText {
  /** The post replied to, for a reply. */
  parentId: string | null;
}

export interface LedgerCommunityPost extends WrittenText {
  communityId: string;
}

export interface LedgerComment extends WrittenText {
  postId: string;
}

/**
 * A relation toggled by idempotent calls (follow and unfollow; like; retweet; join). `expected`
 * is its state after the last call on it, or null when that is not known (a call was left
 * uncertain, and no acknowledged call was sent after it could have taken effect).
 */
export interface LedgerRelation {
  /** follower / liker / retweeter / member. */
  userId: string;
  /** followee / tweet / community. */
  targetId: string;
  expected: boolean | null;
  /**
   * Until when a call left uncertain may still take effect (ms since the epoch): a call sent
   * before then does not fix the state, since the uncertain one may land after it.
   */
  unsettledUntil: number;
}

/** When a call on a relation was sent and ended, and whether the service answered it itself. */
export interface CallTiming {
  sentAt: number;
  endedAt: number;
  /**
   * Whether its handling was over when it ended (any answer but a 504): a call that timed out,
   * broke, or got the gateway's 504 may still be applied later.
   */
  finished: boolean;
}

/** How long a call that was abandoned may still take effect (the services' own time limits). */
const ABANDONED_CALL_MS = 60_000;

export interface LedgerUser {
  id: string;
  username: string;
  email: string;
  password: string;
}

export class Ledger {
  readonly users = new Map<string, LedgerUser>();
  /** Sign-ups left uncertain (their username): at most one account each. */
  readonly uncertainSignUps: string[] = [];
  readonly tweets: LedgerTweet[] = [];
  readonly communityPosts: LedgerCommunityPost[] = [];
  readonly comments: LedgerComment[] = [];
  readonly follows = new Map<string, LedgerRelation>();
  readonly likes = new Map<string, LedgerRelation>();
  readonly retweets = new Map<string, LedgerRelation>();
  readonly memberships = new Map<string, LedgerRelation>();

  /**
   * Records a toggle of a relation (the workload sends one call at a time per relation). An
   * acknowledged call fixes its state, unless an earlier call left uncertain may still land
   * after it; an uncertain one leaves it unknown until then; a refused one changes nothing.
   */
  toggle(
    relations: Map<string, LedgerRelation>,
    userId: string,
    targetId: string,
    on: boolean,
    outcome: Outcome,
    timing: CallTiming,
  ): void {
    const key = `${userId}:${targetId}`;
    const relation = relations.get(key) ?? { userId, targetId, expected: false, unsettledUntil: 0 };
    if (outcome === 'acknowledged') {
      relation.expected = timing.sentAt > relation.unsettledUntil ? on : null;
    } else if (outcome === 'uncertain') {
      relation.expected = null;
      const until = timing.finished ? timing.endedAt : timing.endedAt + ABANDONED_CALL_MS;
      relation.unsettledUntil = Math.max(relation.unsettledUntil, until);
    }
    relations.set(key, relation);
  }

  /** Acknowledged writes, for the report. */
  acknowledgedCount(): number {
    const texts = [...this.tweets, ...this.communityPosts, ...this.comments].filter(
      (write) => write.outcome === 'acknowledged',
    ).length;
    const relations = [this.follows, this.likes, this.retweets, this.memberships]
      .flatMap((map) => [...map.values()])
      .filter((relation) => relation.expected !== null).length;
    return this.users.size + texts + relations;
  }
}
