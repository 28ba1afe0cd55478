/**
 * What the gateway costs: the same reads through the gateway and straight from
 * the identity service (with the signed header the gateway would add), with
 * autocannon, in one run on this machine.
 *
 *   npm run bench:gateway            (build first: nx run-many -t build)
 *
 * BENCH_GATEWAY_BUNDLE runs another build of the gateway (an earlier one, to compare two
 * under the same conditions). Besides throughput it reports each process's CPU time per
 * request, which varies less than throughput on a shared machine.
 *
 * Prints a Markdown table for BENCHMARKS.md.
 */
import autocannon from 'autocannon';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { createTestDatabase, createTestRedisNamespace } from '@wave/testing';
import { builtService, builtServiceEnv, freePorts, migrateBuilt } from './built-service';
import { cpuMsPerRequest } from './load/cpu-time';

const SECRET = 'bench-internal-secret-0123456789abcdef';
const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const GATEWAY_BUNDLE = process.env['BENCH_GATEWAY_BUNDLE'];

interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request of identity and of the gateway. */
  cpuMs: number[];
}

async function measure(
  url: string,
  headers: Record<string, string>,
  pids: number[],
): Promise<Measure> {
  // Warm up connections and JIT, then measure.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const { result, msPerRequest } = await cpuMsPerRequest(
    pids,
    () => autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_SECONDS }),
    (done) => done.requests.total,
  );
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuMs: msPerRequest,
  };
}

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_gateway');
  const redis = createTestRedisNamespace('bench-gateway');
  const [identityPort, gatewayPort] = await freePorts(2);
  const env = builtServiceEnv(
    {
      databaseUrl: database.url,
      redisUrl: redis.url,
      redisKeyPrefix: redis.keyPrefix,
      internalAuthSecret: SECRET,
    },
    {
      IDENTITY_URL: `http://127.0.0.1:${identityPort}`,
      REQUEST_RATE_LIMIT_PER_IP: '100000000',
    },
  );
  migrateBuilt('identity', env);
  const identity = builtService('identity', identityPort, env);
  const gateway = builtService(
    'gateway',
    gatewayPort,
    env,
    GATEWAY_BUNDLE ? { bundle: GATEWAY_BUNDLE } : {},
  );
  await identity.start();
  await gateway.start();
  try {
    const registered = await fetch(`${gateway.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        displayName: 'Bench',
        username: 'bench',
        email: 'bench@example.test',
        password: 'bench-password',
      }),
    });
    const user = (await registered.json()) as { id: string };
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const signed = (userId: string | null, url: string) => ({
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
        secret: SECRET,
        userId,
        method: 'GET',
        url,
        ttlMs: 55_000,
      }),
    });

    const pids = [identity.pid() ?? 0, gateway.pid() ?? 0];
    const scenarios = [
      {
        name: 'GET /api/users/{id} (visitor)',
        gateway: () => measure(`${gateway.url}/api/users/${user.id}`, {}, pids),
        direct: () =>
          measure(
            `${identity.url}/api/users/${user.id}`,
            signed(null, `/api/users/${user.id}`),
            pids,
          ),
      },
      {
        name: 'GET /api/user (signed in: session lookup)',
        gateway: () => measure(`${gateway.url}/api/user`, { cookie }, pids),
        direct: () => measure(`${identity.url}/api/user`, signed(user.id, '/api/user'), pids),
      },
    ];
    const rows: string[] = [];
    for (const scenario of scenarios) {
      const direct = await scenario.direct();
      const proxied = await scenario.gateway();
      const ratio = proxied.requestsPerSecond / direct.requestsPerSecond;
      rows.push(
        `| ${scenario.name} | ${direct.requestsPerSecond} (p99 ${direct.p99} ms) | ${proxied.requestsPerSecond} (p99 ${proxied.p99} ms) | ${ratio.toFixed(2)} | ${direct.cpuMs[0]} | ${proxied.cpuMs[0]} | ${proxied.cpuMs[1]} | ${direct.errors + proxied.errors} |`,
      );
    }
    process.stdout.write(
      [
        `autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, ${new Date().toISOString()}, gateway from ${GATEWAY_BUNDLE ?? 'dist/apps/gateway'}`,
        '',
        '| read | direct to identity, req/s | through the gateway, req/s | gateway / direct | identity CPU ms/req, direct | identity CPU ms/req, through the gateway | gateway CPU ms/req | errors |',
        '|---|---|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    await gateway.stop();
    await identity.stop();
    await database.drop();
    await redis.cleanup();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
