/**
 * What the gateway costs: the same reads through the gateway and straight from
 * the identity service (with the signed header the gateway would add), with
 * autocannon, in one run on this machine.
 *
 *   npm run bench:gateway            (build first: nx run-many -t build)
 *
 * Prints a Markdown table for BENCHMARKS.md.
 */
import autocannon from 'autocannon';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import { createTestDatabase, createTestRedisNamespace } from '@wave/testing';
import { builtService, builtServiceEnv, freePorts, migrateBuilt } from './built-service';

const SECRET = 'bench-internal-secret-0123456789abcdef';
const DURATION_SECONDS = Number(process.env['BENCH_DURATION'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);

interface Measure {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(url: string, headers: Record<string, string>): Promise<Measure> {
  // Warm up connections and JIT, then measure.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
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
  const gateway = builtService('gateway', gatewayPort, env);
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

    const scenarios = [
      {
        name: 'GET /api/users/{id} (visitor)',
        gateway: () => measure(`${gateway.url}/api/users/${user.id}`, {}),
        direct: () =>
          measure(`${identity.url}/api/users/${user.id}`, signed(null, `/api/users/${user.id}`)),
      },
      {
        name: 'GET /api/user (signed in: session lookup)',
        gateway: () => measure(`${gateway.url}/api/user`, { cookie }),
        direct: () => measure(`${identity.url}/api/user`, signed(user.id, '/api/user')),
      },
    ];
    const rows: string[] = [];
    for (const scenario of scenarios) {
      const direct = await scenario.direct();
      const proxied = await scenario.gateway();
      const ratio = proxied.requestsPerSecond / direct.requestsPerSecond;
      rows.push(
        `| ${scenario.name} | ${direct.requestsPerSecond} (p99 ${direct.p99} ms) | ${proxied.requestsPerSecond} (p99 ${proxied.p99} ms) | ${ratio.toFixed(2)} | ${direct.errors + proxied.errors} |`,
      );
    }
    process.stdout.write(
      [
        `autocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per run, ${new Date().toISOString()}`,
        '',
        '| read | direct to identity, req/s | through the gateway, req/s | gateway / direct | errors |',
        '|---|---|---|---|---|',
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
