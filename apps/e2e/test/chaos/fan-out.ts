import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { EventConsumer, EventName, QueueName } from '@wave/contracts';
import {
  EVENT_CONSUMERS,
  EVENT_SUBSCRIPTIONS,
  eventPayloadSchemas,
  eventQueueName,
} from '@wave/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { ApiClient } from '../support/api-client';
import type { Stack } from '../support/stack';
import { INTERNAL_SECRET_FOR_TESTS } from '../support/stack';
import type { ChaosSettings, Context } from './runner';

/**
 * SIGKILL of the process running the fan-out worker (timeline) in the middle of a big fan-out:
 * a "celebrity" with N followers (10,000 in the full run: fanned out on write, as
 * FANOUT_MAX_FOLLOWERS is 20,000), every follower's home timeline cached, the celebrity posts,
 * and timeline is killed once the post has reached some followers' cached timelines but not all.
 * The fan-out job, resumable, must deliver it to every follower exactly once after the restart.
 *
 * Set-up (`prepare`, before the load): the celebrity signs up through the gateway; its followers
 * and their follows are written into identity's tables with the outbox rows identity itself
 * writes for them (`user.registered`, `follow.created`: the payloads of `toUserRegisteredEvent`
 * and `FollowsService`), in one transaction, as its demo seed's `followMany` does for follows
 * (without 10,000 password hashes: they share the celebrity's). Identity's relay publishes them;
 * every consumer applies them as it would any sign-up and follow (timeline, search,
 * recommendations, analytics; communities for the sign-ups). Then every follower's home timeline
 * is read once from timeline, which caches it (fan-out writes only into cached timelines).
 *
 * With `kills: 2`, timeline is killed a second time once the resumed fan-out job has delivered
 * past where the first kill stopped it, but not to everyone: the job, stalled twice, must still
 * be handed on and finish (BullMQ's default `maxStalledCount: 1` failed it for good instead,
 * whatever its attempts; `STALL_RECOVERY` of @wave/redis). That needs several batches left after
 * the first kill: run timeline with `FANOUT_BATCH_SIZE` of `fanOutBatchSize(followers)`.
 */

/** What the scenario takes from the runner's context (the runner passes all of it). */
export type FanOutContext = Pick<Context, 'stack' | 'watchdog'> & {
  settings?: Pick<ChaosSettings, 'log'>;
};

export interface FanOutOptions {
  followers: number;
  /** Home timelines read at once to cache them. */
  readConcurrency?: number;
  /** Posts tried when the fan-out of one finished before it could be caught in the middle. */
  tries?: number;
  /** Bound on the wait for every consumer to apply the followers' sign-ups and follows. */
  projectionTimeoutMs?: number;
  /**
   * How long after the (last) restart the scenario watches the post reach every follower (for
   * `allDeliveredAfterRestartMs`), and, with two kills, how long after the first restart it waits
   * for the resumed job to deliver past the first kill's place. BullMQ hands a dead worker's job
   * on once its lock has expired and a stalled check found it (`STALL_RECOVERY`: within about
   * 25 s); 180 s by default, for a loaded machine.
   */
  deliveryTimeoutMs?: number;
  /**
   * Kills of timeline during the fan-out (1 by default). With 2, the second comes once the job,
   * resumed after the first restart, has delivered past the first kill's place but not to all:
   * run timeline with `FANOUT_BATCH_SIZE` of `fanOutBatchSize(followers)` or smaller.
   */
  kills?: 1 | 2;
}

/** What the scenario measured (ms; null: did not happen). */
export interface FanOutMeasurements {
  followers: number;
  kills: 1 | 2;
  /** Identity's rows and outbox written (one transaction). */
  accountsMs: number | null;
  /** From then until every consumer had applied every event of them. */
  projectionsMs: number | null;
  /** Every follower's home timeline read once (cached). */
  cachingMs: number | null;
  /** The set-up in all. */
  setUpMs: number | null;
  /** Posts made until one was caught mid-fan-out (the others were delivered before the kill). */
  posts: number;
  /** From the post's answer to the kill. */
  killedAfterPostMs: number | null;
  /** Followers whose cached timeline had the post when timeline was dead. */
  deliveredAtKill: number | null;
  /** From the kill until timeline was running again (the watchdog's restart). */
  restartedAfterKillMs: number | null;
  /** Followers with the post when timeline was ready again. */
  deliveredAtRestart: number | null;
  /** From the (first) restart until every follower's cached timeline had the post. */
  allDeliveredAfterRestartMs: number | null;
  /**
   * Two kills: from the first restart to the second kill, made as soon as the resumed job had
   * delivered past the first kill's place (about how long BullMQ took to hand the job on).
   */
  secondKillAfterRestartMs: number | null;
  /** Two kills: followers whose cached timeline had the post when timeline was dead again. */
  deliveredAtSecondKill: number | null;
  /** Two kills: from the second kill until timeline was running again. */
  restartedAfterSecondKillMs: number | null;
  /** Two kills: followers with the post when timeline was ready again the second time. */
  deliveredAtSecondRestart: number | null;
  /** Two kills: from the second restart until every follower's cached timeline had the post. */
  allDeliveredAfterSecondRestartMs: number | null;
}

export interface FanOutScenario {
  name: string;
  /**
   * The celebrity, its followers, their follows (applied by every consumer) and their cached
   * timelines: the load-free set-up, for the runner to call before the warm-up. `inject` does it
   * first when it was not done.
   */
  prepare(context: FanOutContext): Promise<void>;
  /** The post, the kill mid-fan-out (or two), and the watchdog's restart (after each). */
  inject(context: FanOutContext): Promise<void>;
  readonly measurements: FanOutMeasurements;
  /**
   * Resolves once every follower's cached timeline has the post caught by the kill (or the
   * delivery bound passed, or `stop`): `measurements.allDeliveredAfterRestartMs` (and
   * `allDeliveredAfterSecondRestartMs`) is then set when it did.
   */
  delivered(): Promise<void>;
  /** Stops watching the delivery (the run is over); `delivered` then resolves. */
  stop(): Promise<void>;
}

/** One celebrity, its followers and its posts: what `fanOutProblems` checks, per stack. */
interface FanOutState {
  celebrityId: string;
  /** In id order: the order fan-out delivers in. */
  followerIds: string[];
  postIds: string[];
}

const states = new WeakMap<Stack, FanOutState[]>();

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Home timeline keys (`HomeTimelineStore`), under the stack's REDIS_KEY_PREFIX (the client's). */
const timelineKey = (userId: string): string => `timeline:home:{${userId}}`;
/** The member of a cached timeline that marks a rebuild under way (`BUILDING_MARKER`). */
const BUILDING_MARKER = '..';
const postMember = (tweetId: string): string => `p:${tweetId}`;
/** Keys per Redis pipeline. */
const PIPELINE_CHUNK = 2_000;
/** Timeline's fan-out queue (`FAN_OUT_QUEUE`) and the lock BullMQ keeps on a running job of it. */
const FAN_OUT_QUEUE = 'timeline-fanout' satisfies QueueName;
const fanOutLockKey = (postId: string): string => `bull:${FAN_OUT_QUEUE}:post-${postId}:lock`;

/** Fan-out batches of the celebrity's followers that `fanOutBatchSize` makes. */
export const FAN_OUT_BATCHES = 20;

/**
 * Timeline's `FANOUT_BATCH_SIZE` for the scenario (500 for 10,000 followers; 100 for 2,000):
 * twenty batches, so that a kill after the first leaves several for the resumed job, and a
 * second kill can land in the middle of them (ten were too few on an idle machine: the whole
 * fan-out of 2,000 ended between the look and the kill).
 */
export const fanOutBatchSize = (followers: number): number =>
  Math.max(1, Math.floor(followers / FAN_OUT_BATCHES));

function redisOf(stack: Stack): Redis {
  const env = stack.env;
  const url = env['REDIS_URL'];
  if (!url) throw new Error('The stack has no REDIS_URL');
  return new Redis(url, { keyPrefix: env['REDIS_KEY_PREFIX'] ?? '', maxRetriesPerRequest: 2 });
}

async function withDatabase<T>(stack: Stack, work: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

async function forEachConcurrently<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

/** Which of these users' timelines hold the member (null: not cached, or being rebuilt). */
async function membership(
  redis: Redis,
  userIds: readonly string[],
  member: string,
): Promise<(boolean | null)[]> {
  const found: (boolean | null)[] = [];
  for (const chunk of chunksOf(userIds, PIPELINE_CHUNK)) {
    const pipeline = redis.pipeline();
    for (const userId of chunk) {
      pipeline.exists(timelineKey(userId));
      pipeline.zscore(timelineKey(userId), BUILDING_MARKER);
      pipeline.zscore(timelineKey(userId), member);
    }
    const results = (await pipeline.exec()) ?? [];
    for (let i = 0; i < chunk.length; i++) {
      const [existsError, exists] = results[i * 3] ?? [];
      const [buildingError, building] = results[i * 3 + 1] ?? [];
      const [scoreError, score] = results[i * 3 + 2] ?? [];
      const error = existsError ?? buildingError ?? scoreError;
      if (error) throw error;
      found.push(exists === 1 && building === null ? score !== null : null);
    }
  }
  return found;
}

const countTrue = (values: readonly (boolean | null)[]): number =>
  values.filter((value) => value === true).length;

/** A member's home timeline as timeline answers it (signed as the gateway signs). */
async function readHomeTimeline(
  stack: Stack,
  userId: string,
  limit = 20,
): Promise<{ status: number; ids: string[] }> {
  const path = `/api/tweets?limit=${limit}`;
  const response = await fetch(`${stack.timeline.url}${path}`, {
    headers: {
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
        secret: INTERNAL_SECRET_FOR_TESTS,
        userId,
        method: 'GET',
        url: path,
      }),
    },
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== 200) return { status: response.status, ids: [] };
  const page = (await response.json()) as { items: { id: string; retweetedBy: unknown }[] };
  return {
    status: 200,
    ids: page.items.filter((item) => item.retweetedBy === null).map((item) => item.id),
  };
}

/** The consumers the stack's relays deliver to (EVENT_SUBSCRIBERS, all by default). */
function subscribersOf(stack: Stack): readonly EventConsumer[] {
  const listed = stack.env['EVENT_SUBSCRIBERS'];
  if (!listed) return EVENT_CONSUMERS;
  const names = new Set(listed.split(',').map((name) => name.trim()));
  return EVENT_CONSUMERS.filter((consumer) => names.has(consumer));
}

interface OutboxEvent {
  eventId: string;
  name: EventName;
  payload: unknown;
}

/**
 * The followers and their follows of the celebrity, as identity's own writes leave them: the
 * users (each made `at` its own millisecond, the id a UUIDv7 of it, as `AuthService.register`
 * with `at`), the follows and the counters they move (`FollowsRepository.addMany`), and the
 * events of both in identity's outbox, checked against their schemas (`EventOutbox.rowsOf`),
 * sign-ups first. One transaction. Returns the followers' ids in id order and the events.
 */
async function writeFollowers(
  db: Client,
  celebrityId: string,
  count: number,
): Promise<{ followerIds: string[]; events: OutboxEvent[] }> {
  const run = randomBytes(3).toString('hex');
  // In the past, a millisecond apart: the sign-ups, then the follows.
  const start = Date.now() - 2 * count - 1_000;
  const users = Array.from({ length: count }, (_, i) => {
    const createdAt = new Date(start + i);
    const username = `fan_${run}_${i + 1}`;
    return {
      id: uuidv7({ msecs: createdAt.getTime() }),
      username,
      email: `${username}@example.test`,
      displayName: `Fan ${i + 1}`,
      createdAt: createdAt.toISOString(),
      followedAt: new Date(start + count + i).toISOString(),
    };
  });
  const events: OutboxEvent[] = [
    ...users.map((user) => ({
      eventId: uuidv7(),
      name: 'user.registered' as const,
      payload: eventPayloadSchemas['user.registered'].parse({
        userId: user.id,
        username: user.username,
        displayName: user.displayName,
        profileImageUrl: null,
        verified: false,
        version: 1,
        createdAt: user.createdAt,
      }),
    })),
    ...users.map((user) => ({
      eventId: uuidv7(),
      name: 'follow.created' as const,
      payload: eventPayloadSchemas['follow.created'].parse({
        followerId: user.id,
        followeeId: celebrityId,
        createdAt: user.followedAt,
      }),
    })),
  ];
  await db.query('BEGIN');
  try {
    const celebrity = await db.query<{ password_hash: string }>(
      `SELECT password_hash FROM identity.users WHERE id = $1 FOR NO KEY UPDATE`,
      [celebrityId],
    );
    const passwordHash = celebrity.rows[0]?.password_hash;
    if (!passwordHash) throw new Error(`No celebrity ${celebrityId} in identity`);
    await db.query(
      `INSERT INTO identity.users
         (id, username, email, password_hash, display_name, following_count, created_at, updated_at)
       SELECT u.id, u.username, u.email, $2, u."displayName", 1, u."createdAt", u."createdAt"
       FROM jsonb_to_recordset($1::jsonb)
         AS u(id uuid, username text, email text, "displayName" text, "createdAt" timestamptz)`,
      [JSON.stringify(users), passwordHash],
    );
    await db.query(
      `INSERT INTO identity.follows (follower_id, followee_id, created_at)
       SELECT u.id, $2, u."followedAt"
       FROM jsonb_to_recordset($1::jsonb) AS u(id uuid, "followedAt" timestamptz)`,
      [JSON.stringify(users), celebrityId],
    );
    await db.query(
      `UPDATE identity.users SET followers_count = followers_count + $2 WHERE id = $1`,
      [celebrityId, count],
    );
    for (const chunk of chunksOf(events, 5_000)) {
      await db.query(
        `INSERT INTO identity.outbox (event_id, name, payload)
         SELECT (e.value->>'eventId')::uuid, e.value->>'name', e.value->'payload'
         FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
         ORDER BY e.n`,
        [JSON.stringify(chunk)],
      );
    }
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
  return { followerIds: users.map((user) => user.id).sort(), events };
}

/**
 * Waits until identity's relay has published these events and every consumer it sends them to
 * has applied them (its job finished, or removed once finished), throwing on one parked (failed
 * for good) or at the deadline. Load-independent: it looks at these events' own jobs.
 */
async function waitForConsumers(
  stack: Stack,
  db: Client,
  events: readonly OutboxEvent[],
  deadline: number,
): Promise<void> {
  const ids = events.map((event) => event.eventId);
  for (;;) {
    const rows = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM identity.outbox
       WHERE event_id = ANY($1::uuid[]) AND published_at IS NULL`,
      [ids],
    );
    if (rows.rows[0]?.n === 0) break;
    if (Date.now() > deadline) {
      throw new Error(`Identity's relay left ${rows.rows[0]?.n} of the followers' events`);
    }
    await wait(500);
  }
  const subscribers = new Set(subscribersOf(stack));
  let pending = events.flatMap((event) =>
    (EVENT_SUBSCRIPTIONS[event.name] as readonly EventConsumer[])
      .filter((consumer) => subscribers.has(consumer))
      .map((consumer) => ({ queue: eventQueueName(consumer), jobId: event.eventId })),
  );
  const redis = redisOf(stack);
  try {
    while (pending.length > 0) {
      const left: typeof pending = [];
      for (const chunk of chunksOf(pending, PIPELINE_CHUNK)) {
        const pipeline = redis.pipeline();
        for (const job of chunk) {
          pipeline.hget(`bull:${job.queue}:${job.jobId}`, 'finishedOn');
          pipeline.zscore(`bull:${job.queue}:failed`, job.jobId);
          pipeline.exists(`bull:${job.queue}:${job.jobId}`);
        }
        const results = (await pipeline.exec()) ?? [];
        chunk.forEach((job, i) => {
          const [finished, failed, exists] = [0, 1, 2].map((k) => {
            const [error, value] = results[i * 3 + k] ?? [];
            if (error) throw error;
            return value;
          });
          if (failed !== null) {
            throw new Error(`The followers' event ${job.jobId} was parked in ${job.queue}`);
          }
          if (exists === 1 && finished === null) left.push(job);
        });
      }
      pending = left;
      if (pending.length === 0) break;
      if (Date.now() > deadline) {
        const queues = [...new Set(pending.map((job) => job.queue))];
        throw new Error(
          `${pending.length} event jobs of the followers left in ${queues.join(', ')}`,
        );
      }
      await wait(500);
    }
  } finally {
    redis.disconnect();
  }
}

/** The scenario; `followers` is N (10,000 in the full run, 2,000 in the short one). */
export function fanOutScenario(options: FanOutOptions): FanOutScenario {
  const followers = options.followers;
  const readConcurrency = options.readConcurrency ?? 32;
  const tries = options.tries ?? 5;
  const projectionTimeoutMs = options.projectionTimeoutMs ?? 60_000 + followers * 30;
  const deliveryTimeoutMs = options.deliveryTimeoutMs ?? 180_000;
  const kills = options.kills ?? 1;
  const measurements: FanOutMeasurements = {
    followers,
    kills,
    accountsMs: null,
    projectionsMs: null,
    cachingMs: null,
    setUpMs: null,
    posts: 0,
    killedAfterPostMs: null,
    deliveredAtKill: null,
    restartedAfterKillMs: null,
    deliveredAtRestart: null,
    allDeliveredAfterRestartMs: null,
    secondKillAfterRestartMs: null,
    deliveredAtSecondKill: null,
    restartedAfterSecondKillMs: null,
    deliveredAtSecondRestart: null,
    allDeliveredAfterSecondRestartMs: null,
  };
  let prepared: Promise<void> | null = null;
  let state: FanOutState | null = null;
  let celebrity: ApiClient | null = null;
  let watching: Promise<void> = Promise.resolve();
  let stopped = false;

  const prepare = async (context: FanOutContext): Promise<void> => {
    const { stack } = context;
    const log = context.settings?.log ?? (() => undefined);
    const started = Date.now();
    const client = new ApiClient(stack.gateway.url);
    const username = `celebrity_${randomBytes(4).toString('hex')}`;
    const registered = await client.post<{ id: string }>('/api/register', {
      displayName: 'Celebrity',
      username,
      email: `${username}@example.test`,
      password: 'correct horse battery',
    });
    if (registered.status !== 201) {
      throw new Error(`Signing the celebrity up: ${registered.status} ${registered.text}`);
    }
    const celebrityId = registered.body.id;
    const current = await withDatabase(stack, async (db): Promise<FanOutState> => {
      const { followerIds, events } = await writeFollowers(db, celebrityId, followers);
      const accountsMs = Date.now() - started;
      measurements.accountsMs = accountsMs;
      log(`fan-out: ${followers} followers written in ${accountsMs} ms`);
      await waitForConsumers(stack, db, events, Date.now() + projectionTimeoutMs);
      const counted = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM timeline.follows WHERE followee_id = $1',
        [celebrityId],
      );
      if (counted.rows[0]?.n !== followers) {
        throw new Error(`timeline.follows has ${counted.rows[0]?.n} of ${followers} follows`);
      }
      measurements.projectionsMs = Date.now() - started - accountsMs;
      log(`fan-out: every consumer applied them after ${measurements.projectionsMs} ms`);
      return { celebrityId, followerIds, postIds: [] };
    });
    celebrity = client;
    state = current;
    states.set(stack, [...(states.get(stack) ?? []), current]);
    const caching = Date.now();
    const redis = redisOf(stack);
    try {
      let uncached = current.followerIds;
      for (let round = 0; uncached.length > 0; round++) {
        if (round === 3) {
          throw new Error(`${uncached.length} home timelines not cached after three reads`);
        }
        await forEachConcurrently(uncached, readConcurrency, async (userId) => {
          const { status } = await readHomeTimeline(stack, userId);
          if (status !== 200) throw new Error(`Reading ${userId}'s home timeline: ${status}`);
        });
        // A timeline is cached unless its read found another rebuild under way (none here).
        const cached = await membership(redis, uncached, BUILDING_MARKER);
        uncached = uncached.filter((_, i) => cached[i] === null);
      }
    } finally {
      redis.disconnect();
    }
    measurements.cachingMs = Date.now() - caching;
    measurements.setUpMs = Date.now() - started;
    log(`fan-out: ${followers} home timelines cached in ${measurements.cachingMs} ms`);
  };

  /**
   * Watches the post reach every follower after the last restart (bounded), for the
   * measurements; `restarts` are the restarts' times, the first first.
   */
  const watchDelivery = async (
    stack: Stack,
    postId: string,
    followerIds: readonly string[],
    restarts: readonly number[],
  ): Promise<void> => {
    const [restartedAt = Date.now(), secondRestartedAt] = restarts;
    const redis = redisOf(stack);
    try {
      let missing = [...followerIds];
      const deadline = (secondRestartedAt ?? restartedAt) + deliveryTimeoutMs;
      while (!stopped && Date.now() < deadline) {
        const found = await membership(redis, missing, postMember(postId)).catch(() => null);
        if (found) missing = missing.filter((_, i) => found[i] !== true);
        if (missing.length === 0) {
          const now = Date.now();
          measurements.allDeliveredAfterRestartMs = now - restartedAt;
          if (secondRestartedAt !== undefined) {
            measurements.allDeliveredAfterSecondRestartMs = now - secondRestartedAt;
          }
          return;
        }
        await wait(250);
      }
    } finally {
      redis.disconnect();
    }
  };

  /**
   * After a SIGKILL of timeline at `killedAt`: which followers had the post once the process was
   * gone (what it had sent Redis has run by then), the fan-out job's lock then (the dead
   * worker's, until it expires), and when the watchdog had every service running again. Logs
   * both, `killed` saying which kill it was.
   */
  const awaitRestart = async (
    context: FanOutContext,
    redis: Redis,
    postId: string,
    followerIds: readonly string[],
    killedAt: number,
    killed: string,
  ): Promise<{
    atKill: (boolean | null)[];
    deliveredAtKill: number;
    lock: string | null;
    restartedAt: number;
    deliveredAtRestart: number;
  }> => {
    const { stack, watchdog } = context;
    const log = context.settings?.log ?? (() => undefined);
    const member = postMember(postId);
    while (stack.timeline.running() && Date.now() < killedAt + 10_000) await wait(5);
    await wait(50);
    const atKill = await membership(redis, followerIds, member);
    const deliveredAtKill = countTrue(atKill);
    const lock = await redis.get(fanOutLockKey(postId));
    log(`fan-out: timeline killed ${killed}, ${deliveredAtKill}/${followers} followers had it`);
    await watchdog.idle(60_000);
    const restartedAt = Date.now();
    const deliveredAtRestart = countTrue(await membership(redis, followerIds, member));
    log(
      `fan-out: timeline back ${restartedAt - killedAt} ms after the kill, ` +
        `${deliveredAtRestart}/${followers} followers had the post`,
    );
    return { atKill, deliveredAtKill, lock, restartedAt, deliveredAtRestart };
  };

  const inject = async (context: FanOutContext): Promise<void> => {
    const { stack } = context;
    const log = context.settings?.log ?? (() => undefined);
    prepared ??= prepare(context);
    await prepared;
    const current = state;
    const author = celebrity;
    if (!current || !author) throw new Error('The fan-out set-up did not finish');
    const first = current.followerIds[0];
    const last = current.followerIds[current.followerIds.length - 1];
    if (!first || !last) throw new Error('No followers');
    const redis = redisOf(stack);
    try {
      for (let attempt = 1; ; attempt++) {
        const posted = await author.post<{ id: string }>('/api/tweets', {
          content: `A word to my ${followers} followers (${attempt})`,
        });
        if (posted.status !== 201) throw new Error(`The celebrity's post: ${posted.status}`);
        const postId = posted.body.id;
        const postedAt = Date.now();
        current.postIds.push(postId);
        measurements.posts = attempt;
        // Fan-out goes through the followers in id order: the first one has it and the last
        // one not yet is the middle of it. One round trip per look, as tight as it goes.
        const member = postMember(postId);
        let caught = false;
        for (const deadline = postedAt + 60_000; Date.now() < deadline;) {
          const answers = await redis
            .pipeline()
            .zscore(timelineKey(first), member)
            .zscore(timelineKey(last), member)
            .exec();
          const atFirst = answers?.[0]?.[1] ?? null;
          const atLast = answers?.[1]?.[1] ?? null;
          if (atLast !== null) break;
          if (atFirst !== null) {
            stack.timeline.signal('SIGKILL');
            caught = true;
            break;
          }
        }
        if (!caught) {
          if (attempt >= tries) {
            throw new Error(
              `The fan-out of ${tries} posts finished before timeline could be killed in the ` +
                'middle of it: run timeline with a smaller FANOUT_BATCH_SIZE',
            );
          }
          log(`fan-out: post ${attempt} was delivered before the kill; posting again`);
          continue;
        }
        const killedAt = Date.now();
        measurements.killedAfterPostMs = killedAt - postedAt;
        const firstKill = await awaitRestart(
          context,
          redis,
          postId,
          current.followerIds,
          killedAt,
          `${measurements.killedAfterPostMs} ms after the post`,
        );
        if (firstKill.deliveredAtKill >= current.followerIds.length && attempt < tries) {
          // The fan-out ended between the look and the kill (an idle machine is that quick).
          log(`fan-out: post ${attempt} was delivered in full before the kill; posting again`);
          continue;
        }
        measurements.deliveredAtKill = firstKill.deliveredAtKill;
        measurements.restartedAfterKillMs = firstKill.restartedAt - killedAt;
        measurements.deliveredAtRestart = firstKill.deliveredAtRestart;
        const restarts = [firstKill.restartedAt];
        if (kills === 2) {
          // The first follower the first kill left without the post: the resumed job has gone
          // past the first kill's place once it has it (a batch redone from the saved progress
          // delivers nothing new).
          const next = current.followerIds[firstKill.atKill.findIndex((has) => has !== true)];
          if (!next) throw new Error('Every follower had the post at the first kill');
          const lockKey = fanOutLockKey(postId);
          let caughtAgain = false;
          for (const deadline = firstKill.restartedAt + deliveryTimeoutMs; ;) {
            const answers = await redis
              .pipeline()
              .get(lockKey)
              .zscore(timelineKey(next), member)
              .zscore(timelineKey(last), member)
              .exec();
            const lock = answers?.[0]?.[1] ?? null;
            const atNext = answers?.[1]?.[1] ?? null;
            const atLast = answers?.[2]?.[1] ?? null;
            if (atLast !== null) break;
            if (atNext !== null) {
              stack.timeline.signal('SIGKILL');
              caughtAgain = true;
              break;
            }
            if (Date.now() > deadline) {
              throw new Error(
                `The fan-out job had not delivered past the first kill's place ` +
                  `${deliveryTimeoutMs} ms after timeline's restart (job ${lockKey}: ` +
                  `${lock === null ? 'no lock' : 'locked'})`,
              );
            }
            // Until a worker holds the job again (the dead one's lock expired, then a stalled
            // check handed it on), a look every 20 ms; then one round trip after another.
            if (lock === null || lock === firstKill.lock) await wait(20);
          }
          if (!caughtAgain) {
            throw new Error(
              'The resumed fan-out finished before timeline could be killed again: run ' +
                `timeline with FANOUT_BATCH_SIZE of ${fanOutBatchSize(followers)} or smaller`,
            );
          }
          const killedAgainAt = Date.now();
          measurements.secondKillAfterRestartMs = killedAgainAt - firstKill.restartedAt;
          const secondKill = await awaitRestart(
            context,
            redis,
            postId,
            current.followerIds,
            killedAgainAt,
            `again ${measurements.secondKillAfterRestartMs} ms after its restart`,
          );
          measurements.deliveredAtSecondKill = secondKill.deliveredAtKill;
          measurements.restartedAfterSecondKillMs = secondKill.restartedAt - killedAgainAt;
          measurements.deliveredAtSecondRestart = secondKill.deliveredAtRestart;
          restarts.push(secondKill.restartedAt);
        }
        watching = watchDelivery(stack, postId, current.followerIds, restarts).catch(
          (error: unknown) => log(`fan-out: watching the delivery: ${String(error)}`),
        );
        return;
      }
    } finally {
      redis.disconnect();
    }
  };

  return {
    name: `SIGKILL timeline ${kills === 2 ? 'twice ' : ''}mid-fan-out (${followers} followers)`,
    prepare: (context) => (prepared ??= prepare(context)),
    inject,
    measurements,
    delivered: () => watching,
    stop: () => {
      stopped = true;
      return watching;
    },
  };
}

/**
 * After the load settled: every follower of each fan-out scenario's celebrity has each of its
 * posts exactly once in their home timeline, as cached in Redis (one pipelined pass), or, when
 * their timeline is not cached (lost, or being rebuilt), as timeline answers it (read signed as
 * the gateway does; that read caches it again). A few followers' timelines are read from
 * timeline as well, to check that what the cache holds is what a reader sees. Counts, with a
 * few examples each. Empty when no fan-out scenario ran on this stack.
 */
export async function fanOutProblems(context: Pick<Context, 'stack'>): Promise<string[]> {
  const { stack } = context;
  const problems: string[] = [];
  const redis = redisOf(stack);
  try {
    for (const { celebrityId, followerIds, postIds } of states.get(stack) ?? []) {
      for (const postId of postIds) {
        const found = await membership(redis, followerIds, postMember(postId));
        const missing: string[] = [];
        const duplicated: string[] = [];
        const uncached = followerIds.filter((_, i) => found[i] === null);
        followerIds.forEach((userId, i) => {
          if (found[i] === false) missing.push(userId);
        });
        // The uncached ones and a sample of the others, as timeline shows them. The celebrity's
        // posts are the newest entries of its followers' timelines: within the first page.
        const sample = [followerIds[0], followerIds[followerIds.length >> 1], followerIds.at(-1)];
        const read = [...new Set([...uncached, ...sample])].filter(
          (userId): userId is string => userId !== undefined && !missing.includes(userId),
        );
        const unreadable: string[] = [];
        await forEachConcurrently(read, 16, async (userId) => {
          try {
            const { status, ids } = await readHomeTimeline(stack, userId, 50);
            if (status !== 200) {
              unreadable.push(`${userId} (${status})`);
              return;
            }
            const times = ids.filter((id) => id === postId).length;
            if (times === 0) missing.push(userId);
            else if (times > 1) duplicated.push(userId);
          } catch (error) {
            unreadable.push(`${userId} (${String(error)})`);
          }
        });
        const of = `of ${followerIds.length} followers of ${celebrityId}`;
        if (missing.length > 0) {
          // Where they are in id order, the order fan-out delivers in (a stopped fan-out: a tail).
          const index = new Map(followerIds.map((userId, i) => [userId, i]));
          const positions = missing.map((userId) => index.get(userId) ?? 0).sort((a, b) => a - b);
          problems.push(
            `fan-out: ${missing.length} ${of} lack post ${postId} in their home timeline ` +
              `(${uncached.length} not cached; #${(positions[0] ?? 0) + 1} to ` +
              `#${(positions.at(-1) ?? 0) + 1} in id order), e.g. ${missing.slice(0, 5).join(', ')}`,
          );
        }
        if (duplicated.length > 0) {
          problems.push(
            `fan-out: ${duplicated.length} ${of} see post ${postId} more than once, ` +
              `e.g. ${duplicated.slice(0, 5).join(', ')}`,
          );
        }
        if (unreadable.length > 0) {
          problems.push(
            `fan-out: ${unreadable.length} home timelines ${of} could not be read, ` +
              `e.g. ${unreadable.slice(0, 3).join(', ')}`,
          );
        }
      }
    }
  } finally {
    redis.disconnect();
  }
  return problems;
}
