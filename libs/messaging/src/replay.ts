import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type {
  EventConsumer,
  EventPayload,
  ReplayableConsumer,
  ReplayedEventName,
} from '@wave/contracts';
import { REPLAYABLE_CONSUMERS, subscribedEvents } from '@wave/contracts';
import type { EventQueues } from './event-queues';

/** One event of a replay: a row of an owner as the event that made it would tell it. */
export type ReplayedEvent = {
  [E in ReplayedEventName]: { name: E; payload: EventPayload<E> };
}[ReplayedEventName];

export interface ReplayPage {
  events: ReplayedEvent[];
  /** Where the next page starts; null after the last. */
  next: string | null;
}

/** Rows of an owner (its users, its follows, …) read a page at a time, in key order. */
export interface ReplaySource {
  name: string;
  /** The events its pages are made of: a source none of whose events the consumer takes is skipped. */
  events: readonly ReplayedEventName[];
  /** Up to `limit` rows after the cursor (null: from the first), as their events. */
  page(after: string | null, limit: number): Promise<ReplayPage>;
}

export interface ReplayOptions {
  to: ReplayableConsumer;
  /** Start from the first row again, forgetting where an earlier run stopped. */
  fresh: boolean;
  /** Rows per page. */
  pageSize: number;
  /** Stop (resumably) after this many pages in this run; null for no limit. */
  maxPages: number | null;
}

export interface SourceProgress {
  source: string;
  /** Events sent to the consumer in all runs since the replay began. */
  events: number;
  finished: boolean;
}

export type ReplayOutcome =
  /** Every source was read to its end. */
  | { status: 'finished'; sources: SourceProgress[] }
  /** Stopped at `maxPages`: running again goes on from where it stopped. */
  | { status: 'paused'; sources: SourceProgress[] }
  /** Another replay of this owner to this consumer is running. */
  | { status: 'busy'; sources: [] };

/** How a source's progress is kept, between pages and between runs. */
interface Saved {
  next: string | null;
  events: number;
  finished: boolean;
}

/** The consumer's queue is let grow to about this many pages (of rows) of waiting events. */
const BACKLOG_PAGES = 4;
const BACKLOG_POLL_MS = 500;
/** The lock outlives a replay that died by this long, and is renewed with every page. */
const LOCK_TTL_SECONDS = 120;
const PROGRESS_INTERVAL_MS = 5_000;

export const isReplayableConsumer = (name: string): name is ReplayableConsumer =>
  (REPLAYABLE_CONSUMERS as readonly string[]).includes(name);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends an owner's current rows to one consumer as the events that made them, generalising
 * search's reindex to every projection (`npm run replay -- --to <service>`): after Redis lost
 * queued events, for a new subscriber, or after a bug in a projection was fixed. Each source
 * is read a page at a time in key order; the events of a page go to the consumer's queue only
 * (the others are not disturbed), in one batch, and then where the page ended is saved in Redis,
 * so a replay that stopped goes on from there. A page sent twice (the process died before the
 * save) changes nothing: the consumers apply these events as upserts. The queue is never let
 * grow past a few pages, so a replay of millions of rows waits for the consumer rather than
 * filling Redis. Live events keep flowing meanwhile, and apply by the same rules (versions).
 */
export class Replayer {
  constructor(
    private readonly owner: string,
    private readonly sources: readonly ReplaySource[],
    private readonly queues: EventQueues,
    private readonly redis: Redis,
    private readonly log: (line: string) => void,
  ) {}

  async run(options: ReplayOptions): Promise<ReplayOutcome> {
    // An owner's own rows are not a projection of its (timeline takes its own posts to fan
    // them out): it replays to the others only.
    const taken = new Set<string>(options.to === this.owner ? [] : subscribedEvents(options.to));
    const sources = this.sources.filter((source) => source.events.some((name) => taken.has(name)));
    const lock = new ReplayLock(this.redis, `replay:lock:${options.to}:${this.owner}`);
    if (!(await lock.take())) return { status: 'busy', sources: [] };
    try {
      const state = `replay:${options.to}:${this.owner}`;
      if (options.fresh) await this.redis.del(state);
      const progress: SourceProgress[] = [];
      let pages = 0;
      for (const source of sources) {
        const saved = await this.saved(state, source.name);
        let lastLog = Date.now();
        while (!saved.finished) {
          if (options.maxPages !== null && pages >= options.maxPages) {
            progress.push({ source: source.name, events: saved.events, finished: false });
            return { status: 'paused', sources: progress };
          }
          await this.waitForRoom(options.to, options.pageSize, lock);
          const page = await source.page(saved.next, options.pageSize);
          const events = page.events.filter((event) => taken.has(event.name));
          await this.queues.publishAll(options.to, events);
          saved.events += events.length;
          saved.next = page.next;
          saved.finished = page.next === null;
          await this.redis.hset(state, source.name, JSON.stringify(saved));
          await lock.renew();
          pages += 1;
          if (saved.finished || Date.now() - lastLog >= PROGRESS_INTERVAL_MS) {
            lastLog = Date.now();
            this.log(
              `${source.name} to ${options.to}: ${saved.events} events${saved.finished ? ', done' : ''}`,
            );
          }
        }
        progress.push({ source: source.name, events: saved.events, finished: true });
      }
      // Done: the next replay (another incident) starts from the first row again.
      await this.redis.del(state);
      return { status: 'finished', sources: progress };
    } finally {
      await lock.release();
    }
  }

  private async saved(state: string, source: string): Promise<Saved> {
    const raw = await this.redis.hget(state, source);
    return raw ? (JSON.parse(raw) as Saved) : { next: null, events: 0, finished: false };
  }

  /**
   * Waits while the consumer's queue holds more than a few pages of waiting events, saying so
   * now and then (a consumer that is not running leaves it waiting until it is), and keeping its
   * lock meanwhile.
   */
  private async waitForRoom(to: EventConsumer, pageSize: number, lock: ReplayLock): Promise<void> {
    const queue = this.queues.get(to);
    let lastLog = Date.now();
    for (;;) {
      const waiting = await queue.getWaitingCount();
      if (waiting <= BACKLOG_PAGES * pageSize) return;
      if (Date.now() - lastLog >= PROGRESS_INTERVAL_MS) {
        lastLog = Date.now();
        this.log(`waiting for ${to} to take its events (${waiting} in its queue)`);
      }
      await lock.renew();
      await sleep(BACKLOG_POLL_MS);
    }
  }
}

/** Renews the lock if it is still this holder's (its token), else says it was lost. */
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('expire', KEYS[1], ARGV[2]) else return 0 end`;
/** Releases the lock if it is still this holder's: never another replay's. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * One replay of an owner to a consumer at a time: a key holding the holder's token, which expires
 * unless renewed (a replay that died frees it by itself) and is released only by its holder.
 */
class ReplayLock {
  private readonly token = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
  ) {}

  async take(): Promise<boolean> {
    return (await this.redis.set(this.key, this.token, 'EX', LOCK_TTL_SECONDS, 'NX')) === 'OK';
  }

  async renew(): Promise<void> {
    const renewed = await this.redis.eval(RENEW_SCRIPT, 1, this.key, this.token, LOCK_TTL_SECONDS);
    if (renewed !== 1) {
      throw new Error('The replay lost its lock (it stalled past its time): run it again');
    }
  }

  async release(): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.key, this.token);
  }
}
