import { createServer } from 'node:net';
import { Controller, Get, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Redis } from 'ioredis';
import { Client, Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { freePort, testDatabaseServerUrl, testRedisUrl } from '@wave/testing';
import { toErrorResponse } from '../src/error-response.filter';
import { HEALTH_CHECKS, HealthModule } from '../src/health.controller';
import { loggingModule } from '../src/logging';
import { createServiceApp } from '../src/service-app';
import { isUnavailableError, UNAVAILABLE_MESSAGE } from '../src/unavailable';

/** A loopback port nothing listens on. */
const closedPort = () => freePort();

/** The error a call raised (the test fails when it did not raise one). */
async function errorOf(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

const databaseUrlOnPort = (port: number): string => {
  const url = new URL(testDatabaseServerUrl());
  url.port = String(port);
  return url.toString();
};

describe('stores that are away, as the drivers report them', () => {
  it('knows PostgreSQL refusing connections (pg Client and Pool)', async () => {
    const url = databaseUrlOnPort(await closedPort());
    const client = new Client({ connectionString: url });
    expect(isUnavailableError(await errorOf(() => client.connect()))).toBe(true);
    const pool = new Pool({ connectionString: url, connectionTimeoutMillis: 1_000 });
    expect(isUnavailableError(await errorOf(() => pool.query('SELECT 1')))).toBe(true);
    await pool.end();
  });

  it('knows a connection PostgreSQL cut (57P01 admin shutdown), wrapped by TypeORM or not', async () => {
    const victim = new Client({ connectionString: testDatabaseServerUrl() });
    await victim.connect();
    victim.on('error', () => undefined);
    const pid = (await victim.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!
      .pid;
    const admin = new Client({ connectionString: testDatabaseServerUrl() });
    await admin.connect();
    try {
      const error = await errorOf(async () => {
        const pending = victim.query('SELECT pg_sleep(5)');
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await pending;
      });
      expect(isUnavailableError(error)).toBe(true);
      const wrapped = new QueryFailedError('SELECT pg_sleep(5)', [], error as Error);
      expect(toErrorResponse(wrapped)).toEqual({
        status: 503,
        body: { message: UNAVAILABLE_MESSAGE },
      });
    } finally {
      await admin.end();
      await victim.end().catch(() => undefined);
    }
  });

  it('knows a connection closed under a query (a server that accepts, then hangs up)', async () => {
    const server = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const client = new Client({ connectionString: databaseUrlOnPort(port) });
    client.on('error', () => undefined);
    try {
      expect(isUnavailableError(await errorOf(() => client.connect()))).toBe(true);
    } finally {
      server.close();
    }
  });

  it('knows Redis away after its retries (ioredis)', async () => {
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, {
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => (times > 2 ? null : 50),
      lazyConnect: false,
    });
    redis.on('error', () => undefined);
    try {
      expect(isUnavailableError(await errorOf(() => redis.get('key')))).toBe(true);
    } finally {
      redis.disconnect();
    }
    const closed = new Redis(testRedisUrl());
    await closed.ping();
    await closed.quit();
    expect(isUnavailableError(await errorOf(() => closed.get('key')))).toBe(true);
  });

  it('knows fetch failing to connect (undici wraps the cause)', async () => {
    const error = await errorOf(async () => fetch(`http://127.0.0.1:${await closedPort()}`));
    expect(isUnavailableError(error)).toBe(true);
  });

  it('leaves other errors alone: a protocol violation is a bug, a client that broke off a 400', () => {
    expect(
      isUnavailableError({ code: '08P01', message: 'bind message has 70000 parameters' }),
    ).toBe(false);
    const brokenOff = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(toErrorResponse(brokenOff)).toEqual({ status: 400, body: { message: 'aborted' } });
    expect(isUnavailableError(new Error('duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isUnavailableError({ code: '23505' })).toBe(false);
    expect(isUnavailableError(null)).toBe(false);
    expect(isUnavailableError('ECONNREFUSED')).toBe(false);
    // Bounded: a cycle of causes ends.
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect(isUnavailableError(cyclic)).toBe(false);
  });
});

@Controller('things')
class ThingsController {
  @Get()
  async list(): Promise<unknown> {
    const client = new Client({ connectionString: databaseUrlOnPort(refusedPort) });
    await client.connect();
    return { ok: true };
  }
}

@Module({
  imports: [
    loggingModule({ service: 'unavailable-spec', level: 'silent', perRequest: false }),
    HealthModule.register({ provide: HEALTH_CHECKS, useValue: [] }),
  ],
  controllers: [ThingsController],
})
class ThingsModule {}

let refusedPort = 0;

describe('a service whose database is away', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    refusedPort = await closedPort();
    app = await createServiceApp(ThingsModule);
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
  });
  afterAll(() => app?.close());

  it('answers 503 with Retry-After and a clear message, not a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/things' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.json()).toEqual({ message: UNAVAILABLE_MESSAGE });
  });
});
