/**
 * The demo seed (issue 13: "fast (seconds)"), as `npm start` runs it on a fresh install: the
 * built services' seed commands (identity's first, then timeline, communities and analytics
 * side by side) against a fresh database, Redis namespace and object store, with media
 * answering the uploads, in development mode and logging at `warn`. Each run times every part
 * and the whole, then a second seed over the same data (each part finds its marker and skips),
 * and measures the CPU the seed took: the seed processes, PostgreSQL, Redis and media.
 *
 *   npm run build && npm run bench:seed
 *   BENCH_RUNS=5 BENCH_SEED_SIZE=large npm run bench:seed
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteKeysWithPrefix } from '@wave/redis';
import { createTestDatabase, freePort, testRedisUrl } from '@wave/testing';
import { builtService, migrateBuilt } from '../built-service';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const SIZE = process.env['BENCH_SEED_SIZE'] ?? 'default';
const SERVICES = [
  'identity',
  'timeline',
  'communities',
  'search',
  'media',
  'recommendations',
  'analytics',
];
const REDIS_PREFIX = 'wave-bench-seed:';
/** Clock ticks a second, as /proc reports CPU time (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** The part of s3rver's API the bench uses (the package ships no types). */
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
}) => { run(): Promise<unknown>; close(): Promise<void> };
/** A variable, so TypeScript does not look for the types s3rver does not have. */
const S3RVER_MODULE: string = 's3rver';

const say = (line = '') => process.stdout.write(`${line}\n`);
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface DemoSeedModule {
  seedDemoCommunity(size: string, env: Record<string, string>): Promise<number>;
}

/** CPU seconds so far of the processes whose command line matches, reaped children included. */
function cpuSecondsOf(match: (command: string) => boolean): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      if (!match(command)) continue;
      // The fields after the command name, which is in parentheses and may hold spaces.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime: fields 14 to 17 of stat, 12 to 15 after the name.
      ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICKS;
}

const cpu = {
  /** The server and its backends (a backend gone is in the server's reaped children). */
  postgres: () =>
    cpuSecondsOf((command) => command.startsWith('postgres') || /\/bin\/postgres /.test(command)),
  redis: () => cpuSecondsOf((command) => command.includes('redis-server')),
  /** This process: the seed commands are its children (reaped, so counted once they end). */
  seeds: () => {
    const usage = process.resourceUsage();
    const own = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
    return cpuSecondsOf((command) => command.includes('seed.bench')) - own;
  },
};

/** This process's environment, without the names it does not set. */
const definedEnv = (): Record<string, string> =>
  Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );

async function run(index: number, demo: DemoSeedModule): Promise<Record<string, number>> {
  const database = await createTestDatabase(`bench_seed_${index}`);
  const redisUrl = testRedisUrl();
  await deleteKeysWithPrefix(redisUrl, REDIS_PREFIX);
  const objects = await mkdtemp(join(tmpdir(), 'wave-bench-seed-'));
  const s3Port = await freePort();
  const { default: S3rver } = (await import(S3RVER_MODULE)) as { default: S3rverConstructor };
  const s3 = new S3rver({ address: '127.0.0.1', port: s3Port, directory: objects, silent: true });
  await s3.run();
  const mediaPort = await freePort();
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: REDIS_PREFIX,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    MEDIA_URL: `http://127.0.0.1:${mediaPort}`,
  };
  const media = builtService('media', mediaPort, env);
  try {
    for (const app of SERVICES) migrateBuilt(app, env);
    await media.start();
    const mediaCpu = () => cpuSecondsOf((command) => command.includes('dist/apps/media/main.js'));
    const before = {
      pg: cpu.postgres(),
      redis: cpu.redis(),
      seeds: cpu.seeds(),
      media: mediaCpu(),
    };
    const seedEnv = { ...definedEnv(), ...env };
    const seconds = await demo.seedDemoCommunity(SIZE, seedEnv);
    const used = {
      pg: cpu.postgres() - before.pg,
      redis: cpu.redis() - before.redis,
      seeds: cpu.seeds() - before.seeds,
      media: mediaCpu() - before.media,
    };
    const again = await demo.seedDemoCommunity(SIZE, seedEnv);
    return {
      seconds,
      again,
      cpu: used.pg + used.redis + used.seeds + used.media,
      seedsCpu: used.seeds,
      pgCpu: used.pg,
      redisCpu: used.redis,
      mediaCpu: used.media,
    };
  } finally {
    await media.stop();
    await s3.close();
    await rm(objects, { recursive: true, force: true });
    await database.drop();
    await deleteKeysWithPrefix(redisUrl, REDIS_PREFIX);
  }
}

async function main(): Promise<void> {
  // The script `npm start` and `npm run seed` use (it logs each part's time).
  const demo = (await import(join(__dirname, '../../scripts/lib/demo-seed.mjs'))) as DemoSeedModule;
  say(`Demo seed (${SIZE}), ${RUNS} runs, each on a fresh database`);
  const results: Record<string, number>[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const result = await run(index, demo);
    results.push(result);
    say(
      `run ${index + 1}: ${result['seconds']!.toFixed(1)} s (again, skipped: ` +
        `${result['again']!.toFixed(1)} s); CPU ${result['cpu']!.toFixed(1)} s: seeds ` +
        `${result['seedsCpu']!.toFixed(1)}, PostgreSQL ${result['pgCpu']!.toFixed(1)}, media ` +
        `${result['mediaCpu']!.toFixed(1)}, Redis ${result['redisCpu']!.toFixed(1)}`,
    );
  }
  const of = (key: string) => median(results.map((result) => result[key]!));
  say();
  say(`| measure (median of ${RUNS}) | figure |`);
  say('| --- | --- |');
  say(`| first seed, wall | ${of('seconds').toFixed(1)} s |`);
  say(`| second seed (skips), wall | ${of('again').toFixed(1)} s |`);
  say(`| CPU of the first seed | ${of('cpu').toFixed(1)} s |`);
  say(`| of which the seed processes | ${of('seedsCpu').toFixed(1)} s |`);
  say(`| of which PostgreSQL | ${of('pgCpu').toFixed(1)} s |`);
  say(`| of which media | ${of('mediaCpu').toFixed(1)} s |`);
  say(`| of which Redis | ${of('redisCpu').toFixed(1)} s |`);
  say(`| CPU / wall (cores busy) | ${(of('cpu') / of('seconds')).toFixed(2)} |`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
