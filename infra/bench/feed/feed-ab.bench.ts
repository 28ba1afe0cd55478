/**
 * Two builds of one service side by side, on the feed benchmark's data: both run at once against
 * the same PostgreSQL and Redis, and short closed-loop runs of home-feed reads alternate between
 * them (A, B, B, A, A, B, …), so that the machine's changes of speed, which on this shared 2-core
 * machine move a single run's throughput by a quarter, fall on both alike. Reports each round's
 * requests a second and CPU milliseconds per read of the service under test, their medians, and
 * B/A.
 *
 *   BENCH_AB=timeline BENCH_A=dist/before/timeline/main.js npm run bench:feed:ab
 *   BENCH_AB=gateway  BENCH_A=dist/before/gateway/main.js  npm run bench:feed:ab
 *
 * BENCH_AB: `timeline` (reads straight from each timeline, default) or `gateway` (reads through
 * each gateway, both in front of the one timeline of this build). BENCH_A, BENCH_B: the bundles
 * (B defaults to this build's); BENCH_A_NODE_OPTIONS, BENCH_B_NODE_OPTIONS: each side's Node options.
 * BENCH_ROUNDS (default 8) rounds of BENCH_ROUND_SECONDS (default 4)
 * per side, after 2 s of warm-up each, at BENCH_CONNECTIONS (default 50).
 *
 * It also says where the machine's CPU went per read, for each side (medians of its rounds):
 * the service under test, the timeline behind a gateway, this process (the load generator),
 * Redis, PostgreSQL, and the rest of the machine's busy time (the kernel's network work on
 * loopback, and anything else running): their sum bounds the reads a second two cores can give.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { deleteKeysWithPrefix } from '@wave/redis';
import type { ServiceProcess } from '@wave/testing';
import { freePort, serviceProcess } from '@wave/testing';
import { bundleOf, migrateBuilt } from '../built-service';
import type { CpuSpent } from '../load/cpu-budget';
import { cpuMark, cpuSpent } from '../load/cpu-budget';
import { cpuMsPerRequest } from '../load/cpu-time';
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

const MODE = process.env['BENCH_AB'] === 'gateway' ? 'gateway' : 'timeline';
const BUNDLE_A = process.env['BENCH_A'] ?? '';
const BUNDLE_B = process.env['BENCH_B'] ?? bundleOf(MODE);
/** Node options of each side alone (to compare settings of one build: BENCH_A = BENCH_B). */
const nodeOptionsOf = (side: 'A' | 'B'): Record<string, string> => {
  const options = process.env[`BENCH_${side}_NODE_OPTIONS`];
  return options ? { NODE_OPTIONS: options } : {};
};
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 8);
const SECONDS = Number(process.env['BENCH_ROUND_SECONDS'] ?? 4);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const ROOT = join(__dirname, '../../..');

/** Where a read's CPU goes (see the header); `other` is the machine's busy time left. */
const BUDGET_GROUPS = ['tested', 'timeline', 'generator', 'redis', 'postgres'] as const;
type BudgetGroup = (typeof BUDGET_GROUPS)[number];
const BUDGET_LABELS: Record<BudgetGroup | 'other', string> = {
  tested: `${MODE} under test`,
  timeline: 'timeline (behind the gateways)',
  generator: 'load generator (autocannon, this process)',
  redis: 'Redis',
  postgres: 'PostgreSQL',
  other: 'rest of the machine (kernel network work, interrupts, other processes)',
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** What the services logged at error level, to say why a read failed. */
const logsOf = (services: readonly ServiceProcess[]): string =>
  services
    .map((service, index) => `service ${index}: ${service.errors().join('\n') || '(no errors)'}`)
    .join('\n');

/** CPU spent per read: each figure divided by the reads served. */
function perRead(spent: CpuSpent<BudgetGroup>, reads: number): CpuSpent<BudgetGroup> {
  const per = (ms: number) => ms / Math.max(1, reads);
  return {
    wallMs: spent.wallMs,
    machineMs: per(spent.machineMs),
    byGroup: Object.fromEntries(
      Object.entries(spent.byGroup).map(([group, ms]) => [group, per(ms)]),
    ) as CpuSpent<BudgetGroup>['byGroup'],
  };
}

async function main(): Promise<void> {
  if (!BUNDLE_A) throw new Error('BENCH_A: the bundle to compare this build with');
  if (!existsSync(SESSIONS_FILE)) await generateData();
  const { readers } = JSON.parse(readFileSync(SESSIONS_FILE, 'utf8')) as BenchSessions;
  for (const prefix of ['timeline:', 'tweet:', 'author:', 'pin:', 'relations:']) {
    await deleteKeysWithPrefix(REDIS_URL, `${REDIS_KEY_PREFIX}${prefix}`);
  }
  const env = appEnv();
  migrateBuilt('timeline', env);
  const started: ServiceProcess[] = [];
  const start = async (name: string, bundle: string, extra: Record<string, string> = {}) => {
    const port = await freePort();
    const service = serviceProcess({ name, bundle, cwd: ROOT, port, env: { ...env, ...extra } });
    started.push(service);
    await service.start();
    return service;
  };
  try {
    const timelines =
      MODE === 'timeline'
        ? [
            await start('timeline-a', BUNDLE_A, nodeOptionsOf('A')),
            await start('timeline-b', BUNDLE_B, nodeOptionsOf('B')),
          ]
        : [await start('timeline', bundleOf('timeline'))];
    const gateways =
      MODE === 'gateway'
        ? [
            await start('gateway-a', BUNDLE_A, {
              ...nodeOptionsOf('A'),
              ...GATEWAY_BENCH_ENV,
              TIMELINE_URL: timelines[0]?.url ?? '',
            }),
            await start('gateway-b', BUNDLE_B, {
              ...nodeOptionsOf('B'),
              ...GATEWAY_BENCH_ENV,
              TIMELINE_URL: timelines[0]?.url ?? '',
            }),
          ]
        : [];
    const sides = (MODE === 'timeline' ? timelines : gateways) as [ServiceProcess, ServiceProcess];
    const headersFor = (index: number): Record<string, string> => {
      const reader = readers[index % readers.length];
      return MODE === 'timeline'
        ? {
            [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
              secret: INTERNAL_AUTH_SECRET,
              userId: reader?.id ?? '',
              method: 'GET',
              url: '/api/tweets',
              ttlMs: 55_000,
            }),
          }
        : {
            cookie: `wave_session=${reader?.token ?? ''}`,
            'x-forwarded-for': readerAddress(index % readers.length),
          };
    };
    const run = (service: ServiceProcess, duration: number) => {
      let next = 0;
      return autocannon({
        url: `${service.url}/api/tweets`,
        connections: CONNECTIONS,
        duration,
        setupClient: (client) => client.setHeaders(headersFor(next++)),
      });
    };
    // Every reader's timeline cached (rebuilt once, through A), then both sides warmed.
    for (let index = 0; index < readers.length; index += 1) {
      const response = await fetch(`${sides[0].url}/api/tweets`, { headers: headersFor(index) });
      if (!response.ok) {
        throw new Error(
          `warm-up read: ${response.status} ${await response.text()}\n${logsOf(started)}`,
        );
      }
      await response.arrayBuffer();
    }
    for (const side of sides) await run(side, 2);

    const rounds: { rps: number[]; cpuMs: number[]; budget: CpuSpent<BudgetGroup>[] }[] = [
      { rps: [], cpuMs: [], budget: [] },
      { rps: [], cpuMs: [], budget: [] },
    ];
    const timelinePids = new Set(MODE === 'gateway' ? timelines.map((t) => t.pid()) : []);
    const markFor = (tested: ServiceProcess) =>
      cpuMark<BudgetGroup>(({ pid, command }) =>
        pid === tested.pid()
          ? 'tested'
          : timelinePids.has(pid)
            ? 'timeline'
            : pid === process.pid
              ? 'generator'
              : command.startsWith('redis-server')
                ? 'redis'
                : command.startsWith('postgres')
                  ? 'postgres'
                  : null,
      );
    const say = (line: string) => process.stdout.write(`${line}\n`);
    say(
      `A/B of ${MODE} (${new Date().toISOString()}), ${ROUNDS} rounds of ${SECONDS} s per side at ${CONNECTIONS} connections`,
    );
    say(`A: ${BUNDLE_A}`);
    say(`B: ${BUNDLE_B}`);
    say('');
    say(`| round | A req/s | A ${MODE} CPU ms/read | B req/s | B ${MODE} CPU ms/read | B/A CPU |`);
    say('|---|---|---|---|---|---|');
    for (let round = 1; round <= ROUNDS; round += 1) {
      // A then B in odd rounds, B then A in even ones: neither always follows the other.
      const order = round % 2 === 1 ? [0, 1] : [1, 0];
      for (const index of order) {
        const side = sides[index] as ServiceProcess;
        const before = markFor(side);
        const { result, msPerRequest } = await cpuMsPerRequest(
          [side.pid() ?? 0],
          () => run(side, SECONDS),
          (done) => done.requests.total,
        );
        const spent = cpuSpent(before, markFor(side), BUDGET_GROUPS);
        rounds[index]?.budget.push(perRead(spent, result.requests.total));
        if (result.errors + result.non2xx > 0) {
          throw new Error(`errors on side ${index}\n${logsOf(started)}`);
        }
        rounds[index]?.rps.push(Math.round(result.requests.average));
        rounds[index]?.cpuMs.push(msPerRequest[0] ?? 0);
      }
      const [a, b] = rounds as [(typeof rounds)[0], (typeof rounds)[0]];
      const last = round - 1;
      say(
        `| ${round} | ${a.rps[last]} | ${a.cpuMs[last]} | ${b.rps[last]} | ${b.cpuMs[last]} | ${((b.cpuMs[last] ?? 0) / (a.cpuMs[last] ?? 1)).toFixed(2)} |`,
      );
    }
    const [a, b] = rounds as [(typeof rounds)[0], (typeof rounds)[0]];
    say(
      `| median | ${median(a.rps)} | ${median(a.cpuMs).toFixed(3)} | ${median(b.rps)} | ${median(b.cpuMs).toFixed(3)} | ${(median(b.cpuMs) / median(a.cpuMs)).toFixed(2)} |`,
    );
    say('');
    say(
      `B/A: req/s ${(median(b.rps) / median(a.rps)).toFixed(2)}, CPU per read ${(median(b.cpuMs) / median(a.cpuMs)).toFixed(2)} (medians).`,
    );
    say('');
    say("The machine's CPU per read, ms (medians of each side's rounds):");
    say('');
    say('| where | A | B |');
    say('|---|---|---|');
    const medianOf = (side: (typeof rounds)[0], pick: (spent: CpuSpent<BudgetGroup>) => number) =>
      median(side.budget.map(pick));
    for (const group of [...BUDGET_GROUPS, 'other'] as const) {
      if (group === 'timeline' && MODE === 'timeline') continue;
      const pick = (spent: CpuSpent<BudgetGroup>) => spent.byGroup[group];
      say(
        `| ${BUDGET_LABELS[group]} | ${medianOf(a, pick).toFixed(3)} | ${medianOf(b, pick).toFixed(3)} |`,
      );
    }
    const total = (side: (typeof rounds)[0]) => medianOf(side, (spent) => spent.machineMs);
    say(`| whole machine | ${total(a).toFixed(3)} | ${total(b).toFixed(3)} |`);
    say(
      `| reads a second two cores allow at that cost | ${Math.round(2000 / total(a))} | ${Math.round(2000 / total(b))} |`,
    );
  } finally {
    for (const service of started.reverse()) await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
