/**
 * Analytics under load (issue 13's targets), with the built services in production mode and
 * logging at `warn`:
 *
 * 1. Tracking through the gateway: POST /api/seo/track sent open-loop (at a fixed arrival rate,
 *    whatever the answers do) at each of BENCH_TRACK_RATES a second for BENCH_TRACK_SECONDS; latency of
 *    each request, then, once the ingest queue has drained, the views counted against the
 *    requests accepted (nothing may be lost).
 * 2. The 90-day dashboard (GET /api/analytics/user/{id}/90d, through the gateway with the
 *    member's session, and on the service with a signed header) of a member with
 *    BENCH_VIEW_EVENTS view events over 90 days (raw events and the rollups the ingest would
 *    have written, made in PostgreSQL), next to a member with ten.
 * 3. A like through the gateway (POST /api/tweets/{id}/like: timeline, its outbox relay, the
 *    event, analytics) until the author's dashboard, read through the gateway, counts it.
 *
 *   npm run bench:analytics
 *   BENCH_VIEW_EVENTS=10000000 BENCH_TRACK_RATES=500,1000,2000 npm run bench:analytics
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';
import { Client } from 'pg';
import type { UserAnalyticsResponse } from '@wave/contracts';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { deleteKeysWithPrefix } from '@wave/redis';
import {
  builtService,
  builtServiceEnv,
  freePorts,
  migrateBuilt,
  scratchStores,
} from '../built-service';

const SECRET = 'bench-internal-secret-0123456789abcdef';
const REDIS_PREFIX = 'wave-bench-analytics:';
/** Arrival rates to measure, one run each: the target and one below it, to see the knee. */
const TRACK_RATES = (process.env['BENCH_TRACK_RATES'] ?? '1000,2000').split(',').map(Number);
const TRACK_SECONDS = Number(process.env['BENCH_TRACK_SECONDS'] ?? 15);
const WARM_UP_SECONDS = 3;
const VIEW_EVENTS = Number(process.env['BENCH_VIEW_EVENTS'] ?? 1_000_000);
const POSTS = Number(process.env['BENCH_POSTS'] ?? 1_000);
const DASHBOARD_RUNS = Number(process.env['BENCH_RUNS'] ?? 200);
const LIKES = 20;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line = '') => process.stdout.write(`${line}\n`);
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * One POST over a kept-alive socket: its status and how long it took, send to last byte. The
 * socket it went over joins `sockets`.
 */
function post(
  agent: Agent,
  url: URL,
  body: string,
  headers: Record<string, string>,
  sockets?: Set<Socket>,
): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.on('socket', (socket) => sockets?.add(socket));
    req.end(body);
  });
}

/**
 * Page views at a constant arrival rate, spread over `paths`, on `agent`'s kept-alive sockets;
 * stops by itself.
 */
async function trackOpenLoop(
  agent: Agent,
  gatewayUrl: string,
  paths: string[],
  rate: number,
  seconds: number,
) {
  const url = new URL('/api/seo/track', gatewayUrl);
  const total = rate * seconds;
  const pending: Promise<{ status: number; ms: number }>[] = [];
  const sockets = new Set<Socket>();
  const started = performance.now();
  // Every 5 ms, the requests due by then: the rate holds whatever the answers do.
  for (let sent = 0; sent < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent += 1) {
      const path = paths[sent % paths.length]!;
      pending.push(
        post(
          agent,
          url,
          JSON.stringify({ url: path, userAgent: FIREFOX }),
          { 'user-agent': FIREFOX },
          sockets,
        ),
      );
    }
    await sleep(5);
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const results = await Promise.all(pending);
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b);
  const byStatus = new Map<number, number>();
  for (const { status } of results) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  return { total, sendSeconds, latencies, byStatus, connections: sockets.size };
}

/** A member with `events` post views over the last 90 days on `posts` posts, and their rollups. */
async function populateMember(
  db: Client,
  authorId: string,
  events: number,
  posts: number,
): Promise<void> {
  await db.query(
    `INSERT INTO posts (id, author_id, content, hashtags, created_at)
     SELECT gen_random_uuid(), $1, 'Benchmark post ' || i, ARRAY['tag' || (i % 20)],
            now() - interval '90 days' * (i::float8 / $2)
     FROM generate_series(1, $2::int) AS i`,
    [authorId, posts],
  );
  // The views, as the ingest writes them (raw events); the ingest's rollups are then summed from
  // them in PostgreSQL, hour by hour and day by day, instead of 'events' separate batches.
  await db.query(`DROP TABLE IF EXISTS bench_views`);
  await db.query(
    `CREATE TEMPORARY TABLE bench_views AS
     SELECT now() - interval '89 days' * random() AS occurred_at, p.ids[1 + i % $3] AS post_id,
            'v' || (i % 50000) AS viewer
     FROM generate_series(1, $2::int) AS i,
          (SELECT array_agg(id) AS ids FROM posts WHERE author_id = $1) AS p`,
    [authorId, events, posts],
  );
  await db.query(
    `INSERT INTO raw_events (occurred_at, kind, path, post_id, viewer, user_agent)
     SELECT occurred_at, 'post_view', '/tweet/' || post_id, post_id, viewer, 'bench' FROM bench_views`,
  );
  for (const [table, key, bucket] of [
    [
      'post_hourly_stats',
      'post_id, hour_start, author_id',
      `post_id, date_trunc('hour', occurred_at), $1::uuid`,
    ],
    [
      'post_daily_stats',
      'post_id, day, author_id',
      `post_id, (occurred_at AT TIME ZONE 'UTC')::date, $1::uuid`,
    ],
    ['user_hourly_stats', 'user_id, hour_start', `$1::uuid, date_trunc('hour', occurred_at)`],
    ['user_daily_stats', 'user_id, day', `$1::uuid, (occurred_at AT TIME ZONE 'UTC')::date`],
  ] as const) {
    const columns = key.split(', ').length;
    await db.query(
      `INSERT INTO ${table} (${key}, views)
       SELECT ${bucket}, count(*) FROM bench_views
       GROUP BY ${Array.from({ length: columns }, (_, index) => index + 1).join(', ')}`,
      [authorId],
    );
  }
  // Each post's lifetime counts, which the ingest adds to with its rollups.
  await db.query(
    `UPDATE posts p SET views = s.views
     FROM (SELECT post_id, count(*)::int AS views FROM bench_views GROUP BY post_id) s
     WHERE p.id = s.post_id`,
  );
}

/** A member signed up through the gateway: their id and session cookie. */
interface Member {
  id: string;
  cookie: string;
}

async function signUp(gatewayUrl: string, username: string): Promise<Member> {
  const response = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      displayName: username,
      username,
      email: `${username}@example.test`,
      password: 'bench-password-2026',
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}`);
  const { id } = (await response.json()) as { id: string };
  return { id, cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

/** A call through the gateway as a member (a browser's: its session cookie and Origin). */
async function asMember<T>(
  gatewayUrl: string,
  member: Member,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method,
    headers: {
      cookie: member.cookie,
      origin: gatewayUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

/** How a benchmark reads a member's analytics: through the gateway, or on the service. */
type AnalyticsReader = (member: Member, range?: string) => Promise<UserAnalyticsResponse>;

const analyticsPath = (userId: string, range: string) =>
  `/api/analytics/user/${userId}/${range}?tz=Europe%2FParis`;

/** Through the gateway, with the member's session, as the web app reads them. */
const throughGateway =
  (gatewayUrl: string): AnalyticsReader =>
  (member, range = '90d') =>
    asMember(gatewayUrl, member, 'GET', analyticsPath(member.id, range));

/** On the service, with the header the gateway would sign. */
const onService =
  (analyticsUrl: string): AnalyticsReader =>
  async (member, range = '90d') => {
    const path = analyticsPath(member.id, range);
    const response = await fetch(`${analyticsUrl}${path}`, {
      headers: {
        [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
          secret: SECRET,
          userId: member.id,
          method: 'GET',
          url: path,
        }),
      },
    });
    if (response.status !== 200) throw new Error(`dashboard answered ${response.status}`);
    return (await response.json()) as UserAnalyticsResponse;
  };

async function dashboardTimes(read: AnalyticsReader, member: Member) {
  for (let warm = 0; warm < 10; warm += 1) await read(member);
  const samples: number[] = [];
  for (let run = 0; run < DASHBOARD_RUNS; run += 1) {
    const started = performance.now();
    await read(member);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/**
 * Likes through the gateway, one post each, each timed from the request until the author's
 * dashboard (read through the gateway, every 20 ms) counts it.
 */
async function likeDelays(gatewayUrl: string, author: Member, liker: Member): Promise<number[]> {
  const read = throughGateway(gatewayUrl);
  const delays: number[] = [];
  for (let like = 1; like <= LIKES; like += 1) {
    const post = await asMember<{ id: string }>(gatewayUrl, author, 'POST', '/api/tweets', {
      content: `Benchmark post ${like}, liked once`,
    });
    const sent = performance.now();
    await asMember(gatewayUrl, liker, 'POST', `/api/tweets/${post.id}/like`);
    // Polled every 20 ms, for at most 30 s.
    for (let tries = 0; tries < 1_500; tries += 1) {
      const { overview } = await read(author, '7d');
      if (overview.totalLikes >= like) break;
      await sleep(20);
    }
    delays.push(performance.now() - sent);
  }
  return delays.sort((a, b) => a - b);
}

async function waitForDrain(db: Client, paths: string[], expected: number): Promise<number> {
  const deadline = Date.now() + 120_000;
  let counted = 0;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ views: string }>(
      `SELECT coalesce(sum(views), 0) AS views FROM page_daily_stats WHERE path = ANY($1)`,
      [paths],
    );
    counted = Number(rows[0]?.views ?? 0);
    if (counted >= expected) return counted;
    await sleep(250);
  }
  return counted;
}

async function main(): Promise<void> {
  say(
    `Analytics benchmark, ${new Date().toISOString()}: services built, NODE_ENV=production, LOG_LEVEL=warn`,
  );
  const { database, stores } = await scratchStores('bench_analytics', REDIS_PREFIX, SECRET);
  const { redisUrl } = stores;
  const [gatewayPort, analyticsPort, identityPort, timelinePort] = await freePorts(4);
  const env = builtServiceEnv(stores, {
    ANALYTICS_URL: `http://127.0.0.1:${analyticsPort}`,
    IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
    TIMELINE_URL: `http://127.0.0.1:${timelinePort}`,
    PUBLIC_ORIGIN: 'http://127.0.0.1:8080',
    // No identity nor communities here to backfill from.
    BACKFILL_ON_START: 'false',
    // One address sends everything here: the per-address budgets are lifted.
    REQUEST_RATE_LIMIT_PER_IP: '1000000000',
    PAGE_VIEW_RATE_LIMIT_PER_IP: '1000000000',
    REGISTER_RATE_LIMIT_PER_IP: '1000',
  });
  for (const name of ['identity', 'timeline', 'analytics']) migrateBuilt(name, env);
  const analytics = builtService('analytics', analyticsPort, env);
  const identity = builtService('identity', identityPort, env);
  const timeline = builtService('timeline', timelinePort, env);
  // Not every service behind it: the gateway is ready on its own health.
  const gateway = builtService('gateway', gatewayPort, env, { healthPath: '/health' });
  const db = new Client({ connectionString: database.url });
  await db.connect();
  await db.query('SET search_path TO analytics');
  try {
    await Promise.all([analytics.start(), identity.start(), timeline.start()]);
    await gateway.start();

    // 1. Tracking: each rate after a warm-up at that rate on the same kept-alive sockets (the
    // code compiled, the sockets open, as behind a load balancer that keeps its connections),
    // on paths of its own, counted once the ingest queue has drained.
    const agent = new Agent({ keepAlive: true, maxSockets: 256 });
    for (const rate of TRACK_RATES) {
      await trackOpenLoop(agent, gateway.url, ['/warm-up'], rate, WARM_UP_SECONDS);
      const paths = Array.from({ length: 500 }, (_, index) => `/profile/r${rate}-${index}`);
      const run = await trackOpenLoop(agent, gateway.url, paths, rate, TRACK_SECONDS);
      const accepted = run.byStatus.get(202) ?? 0;
      const drainStarted = Date.now();
      const counted = await waitForDrain(db, paths, accepted);
      say('');
      say(`Tracking through the gateway, open loop: ${rate}/s for ${TRACK_SECONDS} s`);
      say(
        `  sent ${run.total} in ${run.sendSeconds.toFixed(1)} s; answers ${JSON.stringify(Object.fromEntries(run.byStatus))}`,
      );
      say(
        `  latency p50 ${ms(percentile(run.latencies, 50))}, p95 ${ms(percentile(run.latencies, 95))}, p99 ${ms(percentile(run.latencies, 99))}, max ${ms(run.latencies.at(-1) ?? 0)}`,
      );
      say(
        `  counted ${counted} of ${accepted} accepted (${counted === accepted ? 'nothing lost' : 'MISMATCH'}), ${((Date.now() - drainStarted) / 1000).toFixed(1)} s after the last answer`,
      );
      say(`  over ${run.connections} connections (kept alive from the warm-up on)`);
    }
    agent.destroy();

    // 2. The 90-day dashboard, of members signed up through the gateway.
    const generating = Date.now();
    const [busy, quiet, liker] = [
      await signUp(gateway.url, 'busy_author'),
      await signUp(gateway.url, 'quiet_author'),
      await signUp(gateway.url, 'liker'),
    ];
    await populateMember(db, busy.id, VIEW_EVENTS, POSTS);
    await populateMember(db, quiet.id, 10, 10);
    await db.query('VACUUM ANALYZE');
    const busyAnalytics = await throughGateway(gateway.url)(busy);
    // The read must have had the whole range's work to do: every view, and ten ranked posts.
    if (busyAnalytics.topPosts.length !== 10) {
      throw new Error(`top posts: ${busyAnalytics.topPosts.length} where 10 were expected`);
    }
    say('');
    say(
      `90-day dashboard (Europe/Paris), ${DASHBOARD_RUNS} sequential reads each (data made in ${((Date.now() - generating) / 1000).toFixed(0)} s); ${VIEW_EVENTS} view events on ${POSTS} posts: totalViews ${busyAnalytics.overview.totalViews}, top post ${busyAnalytics.topPosts[0]?.views} views`,
    );
    for (const [label, read] of [
      ['through the gateway (session cookie)', throughGateway(gateway.url)],
      ['on the service (signed header)', onService(analytics.url)],
    ] as const) {
      const small = await dashboardTimes(read, quiet);
      const large = await dashboardTimes(read, busy);
      say(`  ${label}:`);
      say(`    10 view events on 10 posts: p50 ${ms(small.p50)}, p95 ${ms(small.p95)}`);
      say(`    ${VIEW_EVENTS} view events: p50 ${ms(large.p50)}, p95 ${ms(large.p95)}`);
      say(
        `    ratio large/small: p50 ${(large.p50 / small.p50).toFixed(2)}, p95 ${(large.p95 / small.p95).toFixed(2)}`,
      );
    }

    // 3. A like through the gateway until the author's dashboard shows it.
    const delays = await likeDelays(gateway.url, quiet, liker);
    say('');
    say(
      `A like (POST /api/tweets/{id}/like through the gateway) until the author's dashboard counts it, ${LIKES} likes`,
    );
    say(`  p50 ${ms(percentile(delays, 50))}, max ${ms(delays.at(-1) ?? 0)}`);
  } finally {
    await db.end();
    await gateway.stop();
    await Promise.all([analytics.stop(), identity.stop(), timeline.stop()]);
    await deleteKeysWithPrefix(redisUrl, REDIS_PREFIX);
    // BENCH_KEEP=1 keeps the database, to look at the queries' plans.
    if (process.env['BENCH_KEEP'] === '1') say(`kept: ${database.url}`);
    else await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
