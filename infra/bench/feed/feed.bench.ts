/**
 * The feed benchmark, one command: generates the data if it is missing
 * (npm run bench:feed:data), starts timeline and the gateway from dist/, then
 *  - reads home timelines through the gateway and straight from timeline at
 *    50 and 200 connections (each connection a different reader);
 *  - posts as an account with 9,999 followers whose timelines are cached, and
 *    times the acknowledgement and the moment the last follower's timeline has
 *    the post; and the acknowledgement of a post by an account with 10 followers.
 *  - offers 1,000 and 2,000 reads a second through the gateway open-loop (each request sent
 *    at its scheduled time whether or not earlier ones answered; latency from that time);
 *  - times 200 sequential posts' acknowledgement, through the gateway and straight to timeline
 *    (in turn, the first of each pair alternating)
 *    (BENCH_POSTS).
 * Prints a Markdown report for BENCHMARKS.md.
 *
 *   npm run bench:feed       (build first: nx run-many -t build)
 *
 * BENCH_TIMELINE_BUNDLE and BENCH_GATEWAY_BUNDLE run other builds of timeline and the gateway
 * (a copy of an earlier dist/apps/<app>, to measure a change against what it replaced in the
 * same conditions); BENCH_RATES sets the
 * open-loop rates (default 1000,2000); BENCH_CLOSED=0 skips the closed-loop runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { deleteKeysWithPrefix } from '@wave/redis';
import type { ServiceProcess } from '@wave/testing';
import { freePort } from '@wave/testing';
import { serviceProcess } from '@wave/testing';
import { bundleOf, migrateBuilt } from '../built-service';
import { cpuMsPerRequest } from '../load/cpu-time';
import { formatOpenLoopRow, OPEN_LOOP_TABLE_HEADER, openLoop } from '../load/open-loop';
import {
  appEnv,
  GATEWAY_BENCH_ENV,
  INTERNAL_AUTH_SECRET,
  readerAddress,
  REDIS_KEY_PREFIX,
  REDIS_URL,
} from './bench-env';
import type { BenchSessions } from './generate-data';
import { generateData, SESSIONS_FILE } from './generate-data';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);
const TIMELINE_BUNDLE = process.env['BENCH_TIMELINE_BUNDLE'] ?? bundleOf('timeline');
const GATEWAY_BUNDLE = process.env['BENCH_GATEWAY_BUNDLE'] ?? bundleOf('gateway');
const RATES = (process.env['BENCH_RATES'] ?? '1000,2000').split(',').filter(Boolean).map(Number);
/** Sequential posts timed (0 skips them). */
const POSTS = Number(process.env['BENCH_POSTS'] ?? 200);
/** What the timeline service keeps in Redis and a run starts without: timelines and the tweet cache. */
const CACHED_PREFIXES = ['timeline:', 'tweet:', 'author:', 'pin:', 'relations:'];

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per read of timeline and of the gateway (0 where it took no part). */
  cpuMs: number[];
}

const signed = (userId: string, url: string) =>
  signInternalIdentity({ secret: INTERNAL_AUTH_SECRET, userId, method: 'GET', url, ttlMs: 55_000 });

async function read(
  url: string,
  connections: number,
  headersFor: (index: number) => Record<string, string>,
  pids: number[],
): Promise<Measure> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      setupClient: (client) => {
        client.setHeaders(headersFor(next));
        next += 1;
      },
    });
  await run(2);
  next = 0;
  const { result, msPerRequest } = await cpuMsPerRequest(
    pids,
    () => run(DURATION),
    (done) => done.requests.total,
  );
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMs: msPerRequest,
  };
}

/** Reads each user's home timeline once straight from timeline (building its cache), a few at a time. */
async function warm(
  timeline: ServiceProcess,
  userIds: string[],
  concurrency: number,
): Promise<number> {
  const started = Date.now();
  let index = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (index < userIds.length) {
        const userId = userIds[index++] ?? '';
        const response = await fetch(`${timeline.url}/api/tweets`, {
          headers: { [INTERNAL_IDENTITY_HEADER]: signed(userId, '/api/tweets') },
        });
        if (!response.ok) throw new Error(`warm ${userId}: ${response.status}`);
        await response.arrayBuffer();
      }
    }),
  );
  return Date.now() - started;
}

async function post(
  gatewayUrl: string,
  token: string,
  content: string,
): Promise<{ id: string; ackMs: number }> {
  const started = performance.now();
  const response = await fetch(`${gatewayUrl}/api/tweets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `wave_session=${token}` },
    body: JSON.stringify({ content }),
  });
  const ackMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`post: ${response.status} ${await response.text()}`);
  return { id: ((await response.json()) as { id: string }).id, ackMs };
}

/** Posts straight to timeline with the signed identity header the gateway would add. */
async function postDirect(
  timelineUrl: string,
  userId: string,
  content: string,
): Promise<{ id: string; ackMs: number }> {
  const started = performance.now();
  const response = await fetch(`${timelineUrl}/api/tweets`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
        secret: INTERNAL_AUTH_SECRET,
        userId,
        method: 'POST',
        url: '/api/tweets',
        ttlMs: 55_000,
      }),
    },
    body: JSON.stringify({ content }),
  });
  const ackMs = performance.now() - started;
  if (response.status !== 201) throw new Error(`post: ${response.status} ${await response.text()}`);
  return { id: ((await response.json()) as { id: string }).id, ackMs };
}

/** `count` posts one after another (after 10 not counted): their acknowledgement percentiles. */
type PostTimes = { p50: string; p95: string; p99: string; max: string };

/**
 * Sequential posts' acknowledgement times on two paths, side by side: after a warm-up of each,
 * one post on each path in turn, the first path alternating (A B, B A, …), so that both see the
 * same warm-up, the same tables' growth and the machine at the same speed.
 */
async function timedPostsSideBySide(
  count: number,
  paths: readonly [
    (index: number) => Promise<{ ackMs: number }>,
    (index: number) => Promise<{ ackMs: number }>,
  ],
): Promise<[PostTimes, PostTimes]> {
  for (let index = 0; index < 30; index += 1) {
    for (const postOne of paths) await postOne(-1 - index);
  }
  const times: [number[], number[]] = [[], []];
  for (let index = 0; index < count; index += 1) {
    const order = index % 2 === 0 ? [0, 1] : [1, 0];
    for (const side of order) times[side]?.push((await paths[side]!(index)).ackMs);
  }
  const summary = (values: number[]): PostTimes => {
    const sorted = [...values].sort((x, y) => x - y);
    const at = (quantile: number) =>
      (sorted[Math.min(sorted.length - 1, Math.ceil(quantile * sorted.length) - 1)] ?? 0).toFixed(
        1,
      );
    return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
  };
  return [summary(times[0]), summary(times[1])];
}

async function main(): Promise<void> {
  if (!existsSync(SESSIONS_FILE) || process.env['BENCH_REGENERATE'] === '1') await generateData();
  const sessions = JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as BenchSessions;
  // Every run starts with nothing cached, so the warm-up measures rebuilds.
  for (const prefix of CACHED_PREFIXES) {
    await deleteKeysWithPrefix(REDIS_URL, `${REDIS_KEY_PREFIX}${prefix}`);
  }
  const [timelinePort, gatewayPort] = [await freePort(), await freePort()];
  const env = appEnv({ TIMELINE_URL: `http://127.0.0.1:${timelinePort}` });
  // Data generated by an earlier build may predate a migration.
  migrateBuilt('timeline', env);
  const timeline = serviceProcess({
    name: 'timeline',
    bundle: TIMELINE_BUNDLE,
    cwd: join(__dirname, '../../..'),
    port: timelinePort,
    env,
  });
  const gateway = serviceProcess({
    name: 'gateway',
    bundle: GATEWAY_BUNDLE,
    cwd: join(__dirname, '../../..'),
    port: gatewayPort,
    env: { ...env, ...GATEWAY_BENCH_ENV },
  });
  await timeline.start();
  await gateway.start();
  const redis = new Redis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
  const say = (...lines: string[]) =>
    process.stdout.write(lines.map((line) => `${line}\n`).join(''));
  say(
    `Feed benchmark, ${new Date().toISOString()}, ${DURATION} s per run after 2 s of warm-up, timeline from ${TIMELINE_BUNDLE}, gateway from ${GATEWAY_BUNDLE}`,
    '',
  );
  try {
    const readers = sessions.readers;
    const warmMs = await warm(
      timeline,
      readers.map((reader) => reader.id),
      16,
    );
    say(
      `Cache warm-up: ${readers.length} home timelines rebuilt from Postgres in ${(warmMs / 1000).toFixed(1)} s.`,
      '',
    );

    const readerCookie = (index: number) => ({
      cookie: `wave_session=${readers[index % readers.length]?.token ?? ''}`,
      'x-forwarded-for': readerAddress(index % readers.length),
    });
    if (process.env['BENCH_CLOSED'] !== '0') {
      say(
        '| home timeline read (closed loop, autocannon) | connections | req/s | p50 | p99 | errors | timeline CPU ms/read | gateway CPU ms/read |',
        '|---|---|---|---|---|---|---|---|',
      );
      const pids = [timeline.pid() ?? 0, gateway.pid() ?? 0];
      const row = (name: string, connections: number, measured: Measure) =>
        `| ${name} | ${connections} | ${measured.rps} | ${measured.p50} ms | ${measured.p99} ms | ${measured.errors} | ${measured.cpuMs.join(' | ')} |`;
      const ratios: string[] = [];
      for (const connections of [50, 200]) {
        const direct = await read(
          `${timeline.url}/api/tweets`,
          connections,
          (index) => {
            const reader = readers[index % readers.length];
            return { [INTERNAL_IDENTITY_HEADER]: signed(reader?.id ?? '', '/api/tweets') };
          },
          pids,
        );
        const proxied = await read(`${gateway.url}/api/tweets`, connections, readerCookie, pids);
        say(
          row('straight from timeline', connections, direct),
          row('through the gateway', connections, proxied),
        );
        ratios.push(`${connections} connections: ${(proxied.rps / direct.rps).toFixed(2)}`);
      }
      say('', `Gateway throughput / direct throughput: ${ratios.join('; ')}.`, '');
    }

    // A fixed offered rate, each read sent at its time whether or not earlier ones answered,
    // each request a different reader in turn.
    if (RATES.length > 0) say(OPEN_LOOP_TABLE_HEADER);
    const notes: string[] = [];
    for (const rate of RATES) {
      const result = await openLoop({
        url: `${gateway.url}/api/tweets`,
        rate,
        durationSeconds: DURATION,
        warmupSeconds: 2,
        connections: 512,
        headersFor: readerCookie,
      });
      say(formatOpenLoopRow(`through the gateway, ${rate} req/s offered`, result));
      // How late the generator itself sent (it shares the cores): a large lag would mean the
      // generator, not the services, set the pace.
      notes.push(
        `${rate} req/s: sent late by p99 ${result.sendLag.p99.toFixed(1)} ms, at most ${result.sendLag.max.toFixed(1)} ms` +
          (result.firstError ? `; first error: ${result.firstError}` : ''),
      );
      if (result.firstError) {
        for (const service of [gateway, timeline]) {
          const errors = service.errors();
          if (errors.length > 0) notes.push(`${service.name}: ${errors.slice(-3).join(' / ')}`);
        }
      }
    }
    say('', ...notes, '');

    if (POSTS > 0) {
      // Sequential posts by an account with 10 followers: the acknowledgement's latency, through
      // the gateway (as a browser posts) and straight to timeline (what the gateway adds).
      const token = sessions.quiet.token;
      const quietId = sessions.quiet.id;
      const [through, direct] = await timedPostsSideBySide(POSTS, [
        (index) => post(gateway.url, token, `Acknowledged ${index} through the gateway`),
        (index) => postDirect(timeline.url, quietId, `Acknowledged ${index} straight`),
      ]);
      say(
        `| ${POSTS} sequential posts (10 followers) | p50 | p95 | p99 | max |`,
        '|---|---|---|---|---|',
        `| through the gateway | ${through.p50} ms | ${through.p95} ms | ${through.p99} ms | ${through.max} ms |`,
        `| straight to timeline | ${direct.p50} ms | ${direct.p95} ms | ${direct.p99} ms | ${direct.max} ms |`,
        '',
      );
    }

    if (process.env['BENCH_FANOUT'] === '0') return;
    const followers = sessions.broadcaster.followers;
    const followersWarmMs = await warm(timeline, followers, 16);
    say(
      `Fan-out: the ${followers.length} followers' timelines cached first (${(followersWarmMs / 1000).toFixed(1)} s).`,
      '',
      '| post by | followers | acknowledged in | last follower has it after |',
      '|---|---|---|---|',
    );
    const last = followers[followers.length - 1] ?? '';
    for (let round = 1; round <= 3; round += 1) {
      const { id, ackMs } = await post(
        gateway.url,
        sessions.broadcaster.token,
        `Broadcast ${round} to everyone`,
      );
      const started = performance.now() - ackMs;
      let fanOutMs = Number.NaN;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if ((await redis.zscore(`timeline:home:{${last}}`, `p:${id}`)) !== null) {
          fanOutMs = performance.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      say(
        `| the broadcaster (run ${round}) | ${followers.length} | ${ackMs.toFixed(1)} ms | ${(fanOutMs / 1000).toFixed(2)} s |`,
      );
      const quiet = await post(gateway.url, sessions.quiet.token, `Quiet post ${round}`);
      say(`| a quiet account (run ${round}) | 10 | ${quiet.ackMs.toFixed(1)} ms | |`);
    }
    const memory = (await redis.info('memory')).match(/used_memory_human:(\S+)/)?.[1] ?? '?';
    say('', `Redis memory in use after the run: ${memory} (every Wave key on this server).`);
  } finally {
    redis.disconnect();
    await gateway.stop();
    await timeline.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
