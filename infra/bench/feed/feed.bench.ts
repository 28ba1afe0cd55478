/**
 * The feed benchmark, one command: generates the data if it is missing
 * (npm run bench:feed:data), starts timeline and the gateway from dist/, then
 *  - reads home timelines through the gateway and straight from timeline at
 *    50 and 200 connections (each connection a different reader);
 *  - posts as an account with 9,999 followers whose timelines are cached, and
 *    times the acknowledgement and the moment the last follower's timeline has
 *    the post; and the acknowledgement of a post by an account with 10 followers.
 * Prints a Markdown report for BENCHMARKS.md.
 *
 *   npm run bench:feed       (build first: nx run-many -t build)
 */
import { existsSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { deleteKeysWithPrefix } from '@wave/redis';
import type { ServiceProcess } from '@wave/testing';
import { freePort } from '@wave/testing';
import { builtService } from '../built-service';
import { appEnv, INTERNAL_AUTH_SECRET, REDIS_KEY_PREFIX, REDIS_URL } from './bench-env';
import type { BenchSessions } from './generate-data';
import { generateData, SESSIONS_FILE } from './generate-data';

const DURATION = Number(process.env['BENCH_DURATION'] ?? 10);

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const signed = (userId: string, url: string) =>
  signInternalIdentity({ secret: INTERNAL_AUTH_SECRET, userId, method: 'GET', url, ttlMs: 55_000 });

async function read(
  url: string,
  connections: number,
  headersFor: (index: number) => Record<string, string>,
  overallRate?: number,
): Promise<Measure> {
  let next = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections,
      duration,
      ...(overallRate ? { overallRate } : {}),
      setupClient: (client) => {
        client.setHeaders(headersFor(next));
        next += 1;
      },
    });
  await run(2);
  next = 0;
  const result = await run(DURATION);
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
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

async function main(): Promise<void> {
  if (!existsSync(SESSIONS_FILE) || process.env['BENCH_REGENERATE'] === '1') await generateData();
  const sessions = JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as BenchSessions;
  // Every run starts with no cached timeline, so the warm-up measures rebuilds.
  await deleteKeysWithPrefix(REDIS_URL, `${REDIS_KEY_PREFIX}timeline:`);
  const [timelinePort, gatewayPort] = [await freePort(), await freePort()];
  const env = appEnv({ TIMELINE_URL: `http://127.0.0.1:${timelinePort}` });
  const timeline = builtService('timeline', timelinePort, env);
  const gateway = builtService('gateway', gatewayPort, env);
  await timeline.start();
  await gateway.start();
  const redis = new Redis(REDIS_URL, { keyPrefix: REDIS_KEY_PREFIX });
  const say = (...lines: string[]) =>
    process.stdout.write(lines.map((line) => `${line}\n`).join(''));
  say(
    `Feed benchmark, ${new Date().toISOString()}, autocannon ${DURATION} s per run after 2 s of warm-up`,
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

    say(
      '| home timeline read | connections | req/s | p50 | p99 | errors |',
      '|---|---|---|---|---|---|',
    );
    const ratios: string[] = [];
    for (const connections of [50, 200]) {
      const direct = await read(`${timeline.url}/api/tweets`, connections, (index) => {
        const reader = readers[index % readers.length];
        return { [INTERNAL_IDENTITY_HEADER]: signed(reader?.id ?? '', '/api/tweets') };
      });
      const proxied = await read(`${gateway.url}/api/tweets`, connections, (index) => ({
        cookie: `wave_session=${readers[index % readers.length]?.token ?? ''}`,
      }));
      say(
        `| straight from timeline | ${connections} | ${direct.rps} | ${direct.p50} ms | ${direct.p99} ms | ${direct.errors} |`,
        `| through the gateway | ${connections} | ${proxied.rps} | ${proxied.p50} ms | ${proxied.p99} ms | ${proxied.errors} |`,
      );
      ratios.push(`${connections} connections: ${(proxied.rps / direct.rps).toFixed(2)}`);
    }
    say('', `Gateway throughput / direct throughput: ${ratios.join('; ')}.`, '');

    // The runs above are closed loops: every connection sends again at once, so their latency
    // is mostly queueing at saturation. These offer a fixed rate instead.
    say(
      '| through the gateway at a fixed offered rate | connections | req/s | p50 | p99 | errors |',
      '|---|---|---|---|---|---|',
    );
    for (const rate of [200, 400]) {
      const offered = await read(
        `${gateway.url}/api/tweets`,
        200,
        (index) => ({ cookie: `wave_session=${readers[index % readers.length]?.token ?? ''}` }),
        rate,
      );
      say(
        `| ${rate} req/s offered | 200 | ${offered.rps} | ${offered.p50} ms | ${offered.p99} ms | ${offered.errors} |`,
      );
    }
    say('');

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
