import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import type { Readable } from 'node:stream';
import { Redis } from 'ioredis';
import { Client as S3Client } from 'minio';
import { Client } from 'pg';
import { eventually, freePort } from '@wave/testing';
import type { LatencyProxy, PrivateObjectStore, PrivatePostgres, PrivateRedis } from './stores';
import {
  startLatencyProxy,
  startPrivateObjectStore,
  startPrivatePostgres,
  startPrivateRedis,
} from './stores';

/** The latency the proxy adds to each chunk, each way. */
const DELAY_MS = 200;

/** True when a TCP connection to the port is refused (nothing listens). */
const refused = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

/** A pg client on `port` whose connection errors (a server stopped under it) are kept, not thrown. */
async function connectPg(port: number): Promise<{ client: Client; errors: Error[] }> {
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    connectionTimeoutMillis: 5_000,
  });
  const errors: Error[] = [];
  client.on('error', (error) => errors.push(error));
  await client.connect();
  return { client, errors };
}

/** How long one `SELECT 1` takes on `client`, in ms. */
async function roundTrip(client: Client): Promise<number> {
  const started = Date.now();
  await client.query('SELECT 1');
  return Date.now() - started;
}

/** A server that sends back whatever it gets; `close` cuts its connections too. */
async function startEchoServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.pipe(socket);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const s3ClientOf = (store: PrivateObjectStore): S3Client =>
  new S3Client({
    endPoint: '127.0.0.1',
    port: store.port,
    useSSL: false,
    accessKey: store.accessKey,
    secretKey: store.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe("the chaos runner's private stores", () => {
  let postgres: PrivatePostgres | undefined;
  let redis: PrivateRedis | undefined;
  let objectStore: PrivateObjectStore | undefined;
  /** Closed after the tests, with whatever else a test left open. */
  const proxies: LatencyProxy[] = [];
  const servers: { close(): Promise<void> }[] = [];
  const clients: { end(): Promise<unknown> }[] = [];

  beforeAll(async () => {
    // Side by side, each kept as soon as it is up: when one fails, the others are still
    // destroyed after the tests.
    const started = await Promise.allSettled([
      startPrivatePostgres().then((store) => (postgres = store)),
      startPrivateRedis().then((store) => (redis = store)),
      startPrivateObjectStore().then((store) => (objectStore = store)),
    ]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
  });

  afterAll(async () => {
    const results = await Promise.allSettled([
      ...clients.map((client) => client.end()),
      ...proxies.map((proxy) => proxy.close()),
      ...servers.map((server) => server.close()),
    ]);
    results.push(
      ...(await Promise.allSettled([
        postgres?.destroy(),
        redis?.destroy(),
        objectStore?.destroy(),
      ])),
    );
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    if (failures.length > 0) throw new AggregateError(failures, 'The stores did not all stop');
  });

  describe('PostgreSQL', () => {
    it('is a server of its own, on loopback, with its data in a temporary directory', async () => {
      expect(postgres!.port).not.toBe(5432);
      expect(postgres!.url).toBe(
        `postgres://postgres:postgres@127.0.0.1:${postgres!.port}/postgres`,
      );
      const client = new Client({ connectionString: postgres!.url });
      await client.connect();
      try {
        const setting = async (name: string) =>
          (await client.query<Record<string, string>>(`SHOW ${name}`)).rows[0]![name];
        expect(await setting('port')).toBe(String(postgres!.port));
        expect(await setting('listen_addresses')).toBe('127.0.0.1');
        expect((await setting('data_directory'))?.startsWith(`${tmpdir()}/`)).toBe(true);
        expect(await setting('fsync')).toBe('off');
        expect(await setting('max_connections')).toBe('300');
        // The stack's migrations create it.
        await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
        expect((await client.query(`SELECT similarity('chaos', 'chaos') AS s`)).rows[0].s).toBe(1);
      } finally {
        await client.end();
      }
    });

    it('loses no committed row to an immediate stop (a crash), and comes back on start()', async () => {
      const { client } = await connectPg(postgres!.port);
      await client.query('CREATE TABLE crash_probe (id int PRIMARY KEY, note text NOT NULL)');
      await client.query(`INSERT INTO crash_probe VALUES (1, 'committed before the crash')`);

      await postgres!.stop('immediate');
      // The open connection is cut, and no new one is taken.
      await expect(client.query('SELECT 1')).rejects.toThrow();
      await client.end().catch(() => undefined);
      expect(await refused(postgres!.port)).toBe(true);
      await expect(connectPg(postgres!.port)).rejects.toThrow(/ECONNREFUSED/);

      await postgres!.start();
      const after = await connectPg(postgres!.port);
      try {
        const rows = (await after.client.query('SELECT id, note FROM crash_probe')).rows;
        expect(rows).toEqual([{ id: 1, note: 'committed before the crash' }]);
      } finally {
        await after.client.end();
      }
    });

    it('stops fast and starts again, and a stop when it is down is a no-op', async () => {
      await postgres!.stop('fast');
      await postgres!.stop('fast');
      expect(await refused(postgres!.port)).toBe(true);
      await postgres!.start();
      const { client } = await connectPg(postgres!.port);
      try {
        expect((await client.query('SELECT count(*)::int AS n FROM crash_probe')).rows).toEqual([
          { n: 1 },
        ]);
      } finally {
        await client.end();
      }
    });
  });

  describe('Redis', () => {
    it('is a server of its own, with an append-only file and no snapshots', async () => {
      expect(redis!.port).not.toBe(6379);
      expect(redis!.url).toBe(`redis://127.0.0.1:${redis!.port}`);
      const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
      try {
        expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'yes']);
        expect(await client.config('GET', 'save')).toEqual(['save', '']);
        expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
        expect(await client.config('GET', 'maxmemory-policy')).toEqual([
          'maxmemory-policy',
          'noeviction',
        ]);
      } finally {
        await client.quit();
      }
    });

    it('keeps a key written just before a stop, across the stop and start', async () => {
      const before = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
      await before.set('chaos:kept', 'written before the stop');
      await before.quit();

      await redis!.stop();
      expect(await refused(redis!.port)).toBe(true);
      await redis!.stop();

      await redis!.start();
      const after = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
      try {
        expect(await after.get('chaos:kept')).toBe('written before the stop');
      } finally {
        await after.quit();
      }
    });
  });

  describe('the object store', () => {
    it('serves an object put before a stop after the start, and cuts idle connections on stop', async () => {
      const store = objectStore!;
      expect(store.endpoint).toBe(`http://127.0.0.1:${store.port}`);
      const s3 = s3ClientOf(store);
      await s3.makeBucket('chaos-kept', 'us-east-1');
      await s3.putObject('chaos-kept', 'kept.txt', Buffer.from('stored before the stop'));

      // A keep-alive connection, idle after one answer: the stop must not wait for it.
      const idle = connect(store.port, '127.0.0.1');
      idle.on('error', () => undefined);
      idle.write(`GET /chaos-kept/kept.txt HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await once(idle, 'data');
      const idleClosed = once(idle, 'close');

      const stopping = Date.now();
      await store.stop();
      expect(Date.now() - stopping).toBeLessThan(5_000);
      await idleClosed;
      expect(await refused(store.port)).toBe(true);
      await expect(fetch(`${store.endpoint}/chaos-kept/kept.txt`)).rejects.toThrow();

      await store.start();
      expect(await textOf(await s3ClientOf(store).getObject('chaos-kept', 'kept.txt'))).toBe(
        'stored before the stop',
      );
    });
  });

  describe('the latency proxy', () => {
    it('adds its delay, each way, to a round trip to PostgreSQL through it', async () => {
      const proxy = await startLatencyProxy(postgres!.port);
      proxies.push(proxy);
      const { client } = await connectPg(proxy.port);
      clients.push(client);

      const fast = Math.min(await roundTrip(client), await roundTrip(client));
      proxy.setDelay(DELAY_MS);
      const slow = await roundTrip(client);
      proxy.setDelay(0);
      const fastAgain = Math.min(await roundTrip(client), await roundTrip(client));

      expect(fast).toBeLessThan(DELAY_MS);
      // The query waits once on its way in, the answer once on its way out.
      expect(slow).toBeGreaterThanOrEqual(2 * DELAY_MS);
      expect(fastAgain).toBeLessThan(DELAY_MS);
    });

    it("keeps each connection's byte order while its delay changes", async () => {
      const echo = await startEchoServer();
      servers.push(echo);
      const proxy = await startLatencyProxy(echo.port);
      proxies.push(proxy);
      const socket = connect(proxy.port, '127.0.0.1');
      await once(socket, 'connect');

      const sent: string[] = [];
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
      for (let index = 0; index < 60; index += 1) {
        // Longer, shorter, none: a chunk sent later with a shorter delay still comes after.
        if (index % 10 === 0) proxy.setDelay([150, 20, 0][(index / 10) % 3]!);
        const text = `<${index}>`;
        sent.push(text);
        socket.write(text);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const expected = sent.join('');
      await eventually(
        () => Promise.resolve(received),
        (text) => text.length >= expected.length,
        { timeoutMs: 10_000, what: 'the echo of every chunk' },
      );
      expect(received).toBe(expected);
      socket.destroy();
    });

    it('closes the client when the target refuses it', async () => {
      const nothingThere = await freePort();
      const proxy = await startLatencyProxy(nothingThere);
      proxies.push(proxy);
      const socket = connect(proxy.port, '127.0.0.1');
      socket.on('error', () => undefined);
      const [hadError] = (await once(socket, 'close')) as [boolean];
      expect(typeof hadError).toBe('boolean');
      expect(socket.destroyed).toBe(true);
    }, 10_000);

    it('cuts its connections on close()', async () => {
      const echo = await startEchoServer();
      servers.push(echo);
      const proxy = await startLatencyProxy(echo.port);
      proxies.push(proxy);
      const socket: Socket = connect(proxy.port, '127.0.0.1');
      socket.on('error', () => undefined);
      await once(socket, 'connect');
      socket.write('ping');
      await once(socket, 'data');
      const closed = once(socket, 'close');
      await proxy.close();
      await closed;
      expect(await refused(proxy.port)).toBe(true);
    });
  });

  // Last: the stores are gone after it (destroying them again in afterAll does nothing).
  describe('destroy()', () => {
    it('stops each store and deletes its directory', async () => {
      const pg = new Client({ connectionString: postgres!.url });
      await pg.connect();
      const dataDirectory = (await pg.query<{ data_directory: string }>('SHOW data_directory'))
        .rows[0]!.data_directory;
      await pg.end();
      const client = new Redis(redis!.url, { maxRetriesPerRequest: 1 });
      const [, redisDirectory] = (await client.config('GET', 'dir')) as [string, string];
      await client.quit();
      expect(existsSync(dataDirectory)).toBe(true);
      expect(existsSync(redisDirectory)).toBe(true);

      await Promise.all([postgres!.destroy(), redis!.destroy(), objectStore!.destroy()]);

      expect(existsSync(dataDirectory)).toBe(false);
      expect(existsSync(redisDirectory)).toBe(false);
      for (const port of [postgres!.port, redis!.port, objectStore!.port]) {
        expect(await refused(port)).toBe(true);
      }
    });
  });
});
