import type { AddressInfo, Server, Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { Logger } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { RpcRequest } from '@wave/contracts';
import { RpcClient } from '../src/rpc-client';
import { RpcServer } from '../src/rpc-server';

/**
 * A TCP proxy in front of the tests' Redis that can cut every connection and refuse new ones
 * for a while: what a Redis restart does to the clients behind it (their subscriptions gone
 * with their connections), without restarting the Redis other test files share.
 */
async function startRedisCutter(redisUrl: string) {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let down = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect({ host: target.hostname, port: Number(target.port || 6379) });
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(redisUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);
  return {
    url: proxied.toString(),
    /** Cuts every connection and refuses new ones until `restore`. */
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a call may fail once Redis is back (the transport reconnects every 500 ms). */
const BACK_WITHIN_MS = 2_500;

jest.setTimeout(15_000);

describe('rpc over Redis, across a Redis restart', () => {
  const url = process.env['WAVE_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
  const request: RpcRequest<'media.claim-objects'> = {
    ownerId: uuidv7(),
    objectPaths: ['/objects/uploads/a'],
    purpose: 'tweet',
    subjectId: uuidv7(),
  };
  const answer = { ok: true as const, claimId: '0190b1de-1111-7000-8000-00000000c1a1' };
  let cutter: Awaited<ReturnType<typeof startRedisCutter>>;
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // The transport logs each failed reconnection as an error: expected here (this file's
    // module registry only).
    Logger.overrideLogger(false);
    cutter = await startRedisCutter(url);
  });

  afterEach(async () => {
    cutter.restore();
    await Promise.all(closing.splice(0).map((close) => close()));
  });

  afterAll(async () => {
    await cutter.close();
  });

  /** A server and a client under a prefix of their own, each on the cutter or straight on Redis. */
  async function pair(on: { server: string; client: string }) {
    const prefix = `wave-test-rpc-reconnect-${uuidv7()}:`;
    const server = new RpcServer({ url: on.server, prefix });
    server.handle('media.claim-objects', () => Promise.resolve(answer));
    await server.listen();
    const client = new RpcClient({ url: on.client, prefix, timeoutMs: 1_000 });
    closing.push(
      () => client.close().catch(() => undefined),
      () => server.close().catch(() => undefined),
    );
    return client;
  }

  /** Whether a call is answered within `ms` (calls failing meanwhile, while it reconnects). */
  async function answersWithin(client: RpcClient, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      try {
        if ((await client.call('media.claim-objects', request)).ok) return true;
      } catch {
        await wait(100);
      }
    }
    return false;
  }

  /** Redis "restarts": every connection through the cutter cut, none taken for a second. */
  async function restartRedis(): Promise<void> {
    cutter.cut();
    await wait(1_000);
    cutter.restore();
  }

  it('the server hears calls again once Redis is back', async () => {
    const client = await pair({ server: cutter.url, client: url });
    await expect(client.call('media.claim-objects', request)).resolves.toEqual(answer);
    await restartRedis();
    expect(await answersWithin(client, BACK_WITHIN_MS)).toBe(true);
  });

  it('the client receives answers again once Redis is back', async () => {
    const client = await pair({ server: url, client: cutter.url });
    await expect(client.call('media.claim-objects', request)).resolves.toEqual(answer);
    await restartRedis();
    expect(await answersWithin(client, BACK_WITHIN_MS)).toBe(true);
  });

  it('fails calls at once, not after the timeout, while it reconnects', async () => {
    const client = await pair({ server: cutter.url, client: cutter.url });
    await expect(client.call('media.claim-objects', request)).resolves.toEqual(answer);
    cutter.cut();
    await wait(100);
    const started = Date.now();
    await expect(client.call('media.claim-objects', request)).rejects.toThrow('did not answer');
    expect(Date.now() - started).toBeLessThan(500);
    cutter.restore();
    expect(await answersWithin(client, BACK_WITHIN_MS)).toBe(true);
  });
});
