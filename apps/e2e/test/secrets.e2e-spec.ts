import type { ChildProcess } from 'node:child_process';
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { DEVELOPMENT_INTERNAL_SECRET } from '@wave/config';
import { INTERNAL_IDENTITY_HEADER, signInternalIdentity } from '@wave/internal-auth';
import type { TestDatabase, TestRedisNamespace } from '@wave/testing';
import { createTestDatabase, createTestRedisNamespace, eventually, freePort } from '@wave/testing';
import { newAccount } from './support/api-client';

const run = promisify(execFile);
const ROOT = join(__dirname, '../../..');
const IDENTITY_BUNDLE = join(ROOT, 'dist/apps/identity/main.js');
const k8sExampleSecret = (
  parse(readFileSync(join(ROOT, 'k8s/base/secret.example.yaml'), 'utf8')) as {
    stringData: Record<string, string>;
  }
).stringData;

interface Launched {
  url: string;
  /** 'ready' once /health/ready answers, or how the process ended first. */
  outcome: Promise<'ready' | { exitCode: number | null; output: string }>;
  stop(): Promise<void>;
}

/**
 * The built identity service with exactly this environment: nothing inherited (Jest's
 * NODE_ENV=test included), as a careless deployment would start it.
 */
async function launchIdentity(env: Record<string, string>): Promise<Launched> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [IDENTITY_BUNDLE], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isReady = () =>
    fetch(`${url}/health/ready`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
  const outcome = eventually(
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        await exited; // its output is all in
        return { exitCode: child.exitCode, output };
      }
      return (await isReady()) ? ('ready' as const) : null;
    },
    (value) => value !== null,
    { timeoutMs: 20_000, intervalMs: 100, what: 'identity to be ready or to exit' },
  ).then((value) => value!);
  return {
    url,
    outcome,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Issue 12: a header signed with the public development secret read any account (email
 * included) straight from a service port whenever NODE_ENV was not exactly production, and
 * the example Secret's placeholder passed the length check. Now an app outside development
 * and test refuses to start without a secret of its own.
 */
describe('secrets at start-up', () => {
  let database: TestDatabase;
  let redis: TestRedisNamespace;
  const launched: Launched[] = [];
  /** What identity needs besides its mode and its secret: a migrated database and Redis. */
  let datastores: Record<string, string>;

  const launch = async (env: Record<string, string>) => {
    const identity = await launchIdentity({ ...datastores, LOG_LEVEL: 'warn', ...env });
    launched.push(identity);
    return identity;
  };

  beforeAll(async () => {
    database = await createTestDatabase('e2e_secrets');
    redis = createTestRedisNamespace('e2e-secrets');
    datastores = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: redis.keyPrefix,
    };
    await run(process.execPath, [IDENTITY_BUNDLE, 'migrate'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', NODE_ENV: 'test', ...datastores },
    });
  });

  afterAll(async () => {
    await Promise.all(launched.map((identity) => identity.stop()));
    await database?.drop();
    await redis?.cleanup();
  });

  it('a service started without NODE_ENV and without INTERNAL_AUTH_SECRET exits, saying what to set', async () => {
    const identity = await launch({});
    expect(await identity.outcome).toEqual({
      exitCode: 1,
      output: expect.stringContaining(
        'INTERNAL_AUTH_SECRET: must be set (32+ random characters, e.g. `openssl rand -hex 32`); ' +
          'the built-in value is only for NODE_ENV=development or test',
      ),
    });
  });

  it("a service started with the k8s example Secret's placeholder exits", async () => {
    const placeholder = k8sExampleSecret['INTERNAL_AUTH_SECRET'];
    expect(placeholder).toBeDefined();
    const identity = await launch({ NODE_ENV: 'production', INTERNAL_AUTH_SECRET: placeholder! });
    expect(await identity.outcome).toEqual({
      exitCode: 1,
      output: expect.stringContaining('INTERNAL_AUTH_SECRET: is a placeholder, not a secret'),
    });
  });

  it('a service in production with a real secret refuses a header signed with the development secret', async () => {
    const secret = randomBytes(32).toString('hex');
    const identity = await launch({ NODE_ENV: 'production', INTERNAL_AUTH_SECRET: secret });
    expect(await identity.outcome).toBe('ready');
    const signed = (signingSecret: string, userId: string | null, method: string, url: string) => ({
      [INTERNAL_IDENTITY_HEADER]: signInternalIdentity({
        secret: signingSecret,
        userId,
        method,
        url,
      }),
    });
    const account = newAccount('secrets');
    const registered = await fetch(`${identity.url}/api/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signed(secret, null, 'POST', '/api/register'),
      },
      body: JSON.stringify(account),
    });
    expect(registered.status).toBe(201);
    const { id } = (await registered.json()) as { id: string };

    const forged = await fetch(`${identity.url}/api/user`, {
      headers: signed(DEVELOPMENT_INTERNAL_SECRET, id, 'GET', '/api/user'),
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: 'Invalid internal identity' });

    // The same call signed with the service's own secret reads the account: the 401 is the
    // secret's doing.
    const genuine = await fetch(`${identity.url}/api/user`, {
      headers: signed(secret, id, 'GET', '/api/user'),
    });
    expect(genuine.status).toBe(200);
    expect(await genuine.json()).toMatchObject({ id, email: account.email });
  });
});
