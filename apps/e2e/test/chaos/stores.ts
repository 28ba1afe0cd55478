import type { ChildProcess } from 'node:child_process';
import { execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { Server as HttpServer } from 'node:http';
import type { Socket } from 'node:net';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { freePort } from '@wave/testing';

// The chaos runner's own PostgreSQL, Redis and object store, which it stops, restarts and slows
// while a whole stack runs on them. Never the machine's shared servers (127.0.0.1:5432 and
// 127.0.0.1:6379), which other test files use at the same time: each store here is a server
// process of its own, on a loopback port of its own (`freePort`), with its data in a temporary
// directory that `destroy()` deletes.

const run = promisify(execFile);

/**
 * How long a store may take to start or stop. PostgreSQL starts (crash recovery included) and
 * stops in about a tenth of a second on an idle machine, Redis and s3rver faster: the bound is
 * for a machine busy with whole stacks, and a store that does not come is reported with its log.
 */
const STORE_TIMEOUT_MS = 30_000;
/** Between two probes of a store that is starting. */
const POLL_INTERVAL_MS = 50;
/** How much of a server's log a failure message carries. */
const LOG_TAIL_CHARS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
const tail = (text: string): string =>
  text.length > LOG_TAIL_CHARS ? `…${text.slice(-LOG_TAIL_CHARS)}` : text;

/**
 * Polls `probe` until it answers true, for at most `STORE_TIMEOUT_MS`; a probe that throws counts
 * as "not yet". `gone` says why waiting is pointless (the process exited), which fails at once.
 * The error carries the last probe's failure and the server's log.
 */
async function waitUntil(
  what: string,
  probe: () => Promise<boolean>,
  logOf: () => Promise<string> | string,
  gone: () => string | null = () => null,
): Promise<void> {
  const deadline = Date.now() + STORE_TIMEOUT_MS;
  let last: unknown = null;
  for (;;) {
    const reason = gone();
    if (reason !== null) {
      throw new Error(`${what}: ${reason}\n--- log ---\n${tail(await logOf())}`);
    }
    try {
      if (await probe()) return;
      last = null;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) {
      const lastError = last === null ? '' : ` (last: ${messageOf(last)})`;
      throw new Error(
        `${what}: not within ${STORE_TIMEOUT_MS} ms${lastError}\n--- log ---\n${tail(await logOf())}`,
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }
}

/** `promise`, or an error naming `what` once `STORE_TIMEOUT_MS` has passed. */
async function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not within ${STORE_TIMEOUT_MS} ms`)),
      STORE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What to undo, synchronously, if the process exits with stores still up: a start-up hook that
 * timed out never gets its stores back to destroy them, and PostgreSQL (started by pg_ctl, not
 * a child of this process) and Redis would outlive the test file, with their directories.
 */
const atExit = new Set<() => void>();
let exitHooked = false;
function undoAtExit(undo: () => void): () => void {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', () => {
      for (const each of atExit) {
        try {
          each();
        } catch {
          // best effort: the process is going away
        }
      }
    });
  }
  atExit.add(undo);
  return () => atExit.delete(undo);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

export interface PrivatePostgres {
  /** Admin URL on its own port, e.g. postgres://postgres:postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /**
   * Stops the server: 'immediate' (a crash: no checkpoint, connections cut; the next start
   * recovers from the write-ahead log) or 'fast' (connections cut, a clean shutdown, the
   * default). Resolves when it is down; at once when it already is.
   */
  stop(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Starts it again on the same port and data directory; resolves when it accepts connections. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its data directory. */
  destroy(): Promise<void>;
}

/** Debian's PostgreSQL programs (/usr/lib/postgresql/<version>/bin), of the newest version there. */
function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name) && existsSync(join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server programs under ${root}`);
  return join(root, newest, 'bin');
}

/**
 * The command line for a PostgreSQL program: initdb, pg_ctl and postgres refuse to run as root,
 * so as root they run as the `postgres` user.
 */
function asPostgresUser(program: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0
    ? ['runuser', ['-u', 'postgres', '--', program, ...args]]
    : [program, args];
}

/**
 * A PostgreSQL server of the caller's own: a fresh cluster (trust authentication, UTF8, C
 * locale) in a temporary directory, listening on 127.0.0.1 on a free port, without fsync: its
 * data need not survive the machine, only the server (a stop, even 'immediate', loses nothing
 * committed). Up when this resolves.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'wave-chaos-pg-'));
  // pg_ctl passes its -o options through a shell.
  if (/[^\w./-]/.test(dir)) throw new Error(`${dir}: a data directory pg_ctl cannot quote`);
  const logFile = join(dir, 'log');
  const pidFile = join(dir, 'postmaster.pid');
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  const serverOptions = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    // The Unix socket in the data directory (writable by the server), not /var/run/postgresql.
    `-k ${dir}`,
    // Without fsync (nor full pages in the log, which guard against torn pages when the machine
    // fails): the data outlives the server, not the machine. synchronous_commit stays on: off,
    // a commit is answered before its log record leaves the server's memory, and an immediate
    // stop lost rows committed a moment before (the chaos runner's acknowledged writes must
    // all survive). With fsync off, the commit's wait is a write() to the page cache.
    '-c fsync=off',
    '-c full_page_writes=off',
    // A whole stack, two replicas of some services, each with a pool.
    '-c max_connections=300',
  ].join(' ');

  const logOf = async () => {
    try {
      return await readFile(logFile, 'utf8');
    } catch {
      return '(no log)';
    }
  };
  /** Runs one of the server's programs, failing with its output and the server's log. */
  const tool = async (program: string, args: string[]): Promise<void> => {
    const [file, argv] = asPostgresUser(join(bin, program), args);
    try {
      // In the data directory: the postgres user may not be allowed into the caller's.
      await run(file, argv, { cwd: dir, timeout: STORE_TIMEOUT_MS + 5_000 });
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      throw new Error(
        `PostgreSQL (${dir}): ${program} ${args.at(-1) ?? ''} failed: ${messageOf(error)}\n` +
          `${stdout}${stderr}--- log ---\n${tail(await logOf())}`,
        { cause: error },
      );
    }
  };
  const accepts = async (): Promise<boolean> => {
    const client = new Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
    } catch (error) {
      // Not awaited: the connection failed, there is nothing to wait for.
      void client.end().catch(() => undefined);
      throw error;
    }
    await client.end();
    return true;
  };
  /** Whether its postmaster runs (`pg_ctl status`: a pid file left by a crash does not count). */
  const running = async (): Promise<boolean> => {
    const [file, argv] = asPostgresUser(join(bin, 'pg_ctl'), ['-D', dir, 'status']);
    try {
      await run(file, argv, { cwd: dir, timeout: STORE_TIMEOUT_MS });
      return true;
    } catch {
      return false;
    }
  };
  const timeoutSeconds = String(STORE_TIMEOUT_MS / 1_000);

  const start = async (): Promise<void> => {
    if (!(await running())) {
      await tool('pg_ctl', [
        '-D',
        dir,
        '-l',
        logFile,
        '-w',
        '-t',
        timeoutSeconds,
        '-o',
        serverOptions,
        'start',
      ]);
    }
    await waitUntil(`PostgreSQL on port ${port} accepting connections`, accepts, logOf);
  };
  const stop = async (mode: 'immediate' | 'fast' = 'fast'): Promise<void> => {
    if (!(await running())) return;
    // -w: until the postmaster has exited (its pid file gone), its port closed with it.
    await tool('pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', timeoutSeconds, 'stop']);
  };
  const forget = undoAtExit(() => {
    if (existsSync(pidFile)) {
      const [file, argv] = asPostgresUser(join(bin, 'pg_ctl'), [
        '-D',
        dir,
        '-m',
        'immediate',
        '-w',
        'stop',
      ]);
      execFileSync(file, argv, { cwd: dir, stdio: 'ignore', timeout: STORE_TIMEOUT_MS });
    }
    rmSync(dir, { recursive: true, force: true });
  });
  const destroy = async (): Promise<void> => {
    try {
      await stop('immediate');
    } finally {
      forget();
      await rm(dir, { recursive: true, force: true });
    }
  };

  try {
    if (process.getuid?.() === 0) await chown(dir, ...(await postgresIds()));
    await tool('initdb', [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      // Nothing here needs to survive the machine: initdb need not wait for the disk.
      '--no-sync',
    ]);
    await start();
  } catch (error) {
    await destroy().catch(() => undefined);
    throw error;
  }
  return { url, port, stop, start, destroy };
}

/** The `postgres` user's uid and gid, for the data directory made as root. */
async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}

// ---------------------------------------------------------------------------------------------
// Redis

export interface PrivateRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /**
   * SHUTDOWN (the append-only file flushed, so every write it acknowledged survives); resolves
   * when the process has exited, at once when it is not running.
   */
  stop(): Promise<void>;
  /** Starts it again on the same port and directory (its data read back); resolves when it answers PING. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

/** Sends one command on a connection of its own; resolves with the reply's first line ('' when the server closed without one). */
function redisCommand(port: number, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let reply = '';
    socket.setTimeout(2_000, () => socket.destroy(new Error('no reply within 2 s')));
    socket.on('connect', () => {
      socket.write(
        `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`,
      );
    });
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString();
      const end = reply.indexOf('\r\n');
      if (end >= 0) {
        resolve(reply.slice(0, end));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(reply));
  });
}

const hasExited = (child: ChildProcess): boolean =>
  child.exitCode !== null || child.signalCode !== null;
const exitOf = (child: ChildProcess): Promise<void> =>
  hasExited(child)
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * A Redis server of the caller's own: `redis-server` as a child process (not daemonized: its pid
 * is this process's child) on 127.0.0.1 and a free port, with no snapshots, an append-only file
 * synced every second and no eviction. Up when this resolves.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'wave-chaos-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  const args = [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'everysec',
    '--maxmemory-policy',
    'noeviction',
  ];
  let child: ChildProcess | null = null;
  let log = '';
  const logOf = () => log || '(no output)';

  const start = async (): Promise<void> => {
    if (child) return;
    const started = spawn('redis-server', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let spawnError: Error | null = null;
    const collect = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    started.stdout?.on('data', collect);
    started.stderr?.on('data', collect);
    started.on('error', (error) => {
      spawnError = error;
    });
    started.once('exit', () => {
      if (child === started) child = null;
    });
    try {
      await waitUntil(
        `Redis on port ${port} answering PING`,
        async () => (await redisCommand(port, ['PING'])) === '+PONG',
        logOf,
        () => {
          if (spawnError) return `redis-server did not start: ${messageOf(spawnError)}`;
          if (hasExited(started)) {
            return `redis-server exited (${started.exitCode ?? started.signalCode})`;
          }
          return null;
        },
      );
    } catch (error) {
      // Not left half-started: the next start() starts afresh.
      if (child === started) child = null;
      if (!spawnError && !hasExited(started)) {
        started.kill('SIGKILL');
        await exitOf(started);
      }
      throw error;
    }
  };
  const stop = async (): Promise<void> => {
    const running = child;
    if (!running) return;
    const exited = exitOf(running);
    // On success the server closes the connection without a reply (or resets it, going away).
    const reply = await redisCommand(port, ['SHUTDOWN']).catch((error: unknown) =>
      hasExited(running) ? '' : `(${messageOf(error)})`,
    );
    if (reply.startsWith('-')) {
      throw new Error(
        `Redis on port ${port}: SHUTDOWN failed: ${reply}\n--- log ---\n${tail(logOf())}`,
      );
    }
    try {
      await within(`Redis on port ${port} exiting after SHUTDOWN ${reply}`, exited);
    } catch (error) {
      throw new Error(`${messageOf(error)}\n--- log ---\n${tail(logOf())}`, { cause: error });
    }
  };
  const forget = undoAtExit(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  const destroy = async (): Promise<void> => {
    try {
      await stop();
    } catch {
      const running = child;
      if (running) {
        running.kill('SIGKILL');
        await exitOf(running);
      }
    } finally {
      forget();
      await rm(dir, { recursive: true, force: true });
    }
  };

  try {
    await start();
  } catch (error) {
    await destroy().catch(() => undefined);
    throw error;
  }
  return { url, port, stop, start, destroy };
}

// ---------------------------------------------------------------------------------------------
// Object store

export interface PrivateObjectStore {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  port: number;
  /** Closes the server, cutting every connection (idle keep-alive ones too); resolves when the port is free. */
  stop(): Promise<void>;
  /** Serves the same directory on the same port again: what was stored before the stop is there. */
  start(): Promise<void>;
  /** Stops it (if running) and deletes its directory. */
  destroy(): Promise<void>;
}

/** The part of s3rver's API this module uses (the package ships no types). */
interface S3rverInstance {
  /**
   * Creates its HTTP server and listens; with a callback, returns the server at once (so an
   * error, such as the port being taken, can be listened for: `run()` leaves it unhandled).
   */
  listen(port: number, address: string, callback: () => void): HttpServer;
  close(): Promise<void>;
  /** What `close()` closes (`run()` sets it; `listen` does not). */
  httpServer?: HttpServer;
}
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  resetOnClose: boolean;
}) => S3rverInstance;
/** A variable, so TypeScript does not look for the types s3rver does not have. */
const S3RVER_MODULE: string = 's3rver';
/** s3rver knows one account and checks only its access key (V4 signatures go unchecked). */
const S3RVER_KEY = 'S3RVER';

/**
 * An S3 API of the caller's own: s3rver in this process, on 127.0.0.1 and a free port, storing
 * its buckets in a temporary directory (kept across a stop and start). Up when this resolves.
 */
export async function startPrivateObjectStore(): Promise<PrivateObjectStore> {
  const { default: S3rver } = (await import(S3RVER_MODULE)) as { default: S3rverConstructor };
  const port = await freePort();
  const directory = await mkdtemp(join(tmpdir(), 'wave-chaos-s3-'));
  let server: S3rverInstance | null = null;

  const start = async (): Promise<void> => {
    if (server) return;
    const s3rver = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      resetOnClose: false,
    });
    const httpServer = await within(
      `s3rver listening on port ${port}`,
      new Promise<HttpServer>((resolve, reject) => {
        const listening = s3rver.listen(port, '127.0.0.1', () => {
          listening.off('error', reject);
          resolve(listening);
        });
        listening.once('error', reject);
      }),
    ).catch((error: unknown) => {
      throw new Error(`s3rver (${directory}) did not start on port ${port}: ${messageOf(error)}`, {
        cause: error,
      });
    });
    s3rver.httpServer = httpServer;
    // As the global setup's s3rver: the server keeps idle sockets longer than any client (Node's
    // keep 5 s), so it is never the one to close one just as a request is sent on it.
    httpServer.keepAliveTimeout = 65_000;
    httpServer.headersTimeout = 66_000;
    server = s3rver;
  };
  const stop = async (): Promise<void> => {
    const running = server;
    if (!running) return;
    server = null;
    // close() waits for every connection to end; idle keep-alive ones would hold it for a
    // minute, and one in the middle of a request until it ends: all are cut.
    const closed = running.close();
    running.httpServer?.closeAllConnections();
    await within(`s3rver on port ${port} closing`, closed);
  };
  const forget = undoAtExit(() => rmSync(directory, { recursive: true, force: true }));
  const destroy = async (): Promise<void> => {
    try {
      await stop();
    } finally {
      forget();
      await rm(directory, { recursive: true, force: true });
    }
  };

  try {
    await start();
  } catch (error) {
    await destroy().catch(() => undefined);
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: S3RVER_KEY,
    secretKey: S3RVER_KEY,
    port,
    stop,
    start,
    destroy,
  };
}

// ---------------------------------------------------------------------------------------------
// Latency

/** A TCP proxy in front of a server that can add latency to every chunk it forwards (both directions), keeping each connection's byte order. */
export interface LatencyProxy {
  /** Where it listens, on 127.0.0.1. */
  port: number;
  /** The latency from now on, for chunks received after the call (0: none, the default). */
  setDelay(ms: number): void;
  /** Cuts every connection through it and stops listening. */
  close(): Promise<void>;
}

/**
 * Forwards `from`'s bytes to `to`, each chunk `delayOf()` ms after it arrived, never before the
 * chunk ahead of it (a shorter delay set meanwhile does not reorder them). `from`'s end ends
 * `to` once everything before it is written. Returns a function that drops what is still queued.
 */
function forwardWithDelay(from: Socket, to: Socket, delayOf: () => number): () => void {
  const queue: { chunk: Buffer; at: number }[] = [];
  let timer: NodeJS.Timeout | null = null;
  let ending = false;
  let draining = false;
  const writable = () => !to.destroyed && !to.writableEnded;
  const write = (chunk: Buffer) => {
    if (writable() && !to.write(chunk) && !draining) {
      draining = true;
      from.pause();
      to.once('drain', () => {
        draining = false;
        from.resume();
      });
    }
  };
  const pump = () => {
    timer = null;
    const now = Date.now();
    while (queue.length > 0 && queue[0]!.at <= now) write(queue.shift()!.chunk);
    if (queue.length > 0) timer = setTimeout(pump, queue[0]!.at - now);
    else if (ending && writable()) to.end();
  };
  from.on('data', (chunk: Buffer) => {
    const delay = delayOf();
    if (delay <= 0 && queue.length === 0) {
      write(chunk);
      return;
    }
    const previous = queue.at(-1)?.at ?? 0;
    queue.push({ chunk, at: Math.max(Date.now() + delay, previous) });
    if (timer === null) pump();
  });
  from.on('end', () => {
    ending = true;
    if (timer === null) pump();
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    queue.length = 0;
  };
}

/**
 * A TCP proxy on 127.0.0.1 (a free port) in front of `127.0.0.1:targetPort`: each connection to
 * it gets one to the target (refused there: the client's is closed), and the bytes both ways,
 * delayed by `setDelay`'s latency. An end on either side ends the other once what it sent is
 * forwarded; an error (a reset) cuts the other at once.
 */
export async function startLatencyProxy(targetPort: number): Promise<LatencyProxy> {
  let delay = 0;
  const delayOf = () => delay;
  /** Each open connection's `cut`. */
  const connections = new Set<() => void>();
  // No Nagle on either leg: a small chunk (a query, its answer) goes out at once, so the only
  // latency added is the one set.
  const server = createServer({ noDelay: true }, (client) => {
    const upstream = connect({ host: '127.0.0.1', port: targetPort, noDelay: true });
    const dropToUpstream = forwardWithDelay(client, upstream, delayOf);
    const dropToClient = forwardWithDelay(upstream, client, delayOf);
    const cut = () => {
      dropToUpstream();
      dropToClient();
      client.destroy();
      upstream.destroy();
    };
    connections.add(cut);
    // An error (the target refused, a reset) cuts both at once; an end is forwarded once what
    // came before it is (forwardWithDelay), and the other side then closes in its turn.
    client.on('error', cut);
    upstream.on('error', cut);
    let open = 2;
    const closed = (other: Socket) => (hadError: boolean) => {
      if (hadError || other.pending) cut();
      open -= 1;
      if (open === 0) connections.delete(cut);
    };
    client.on('close', closed(upstream));
    upstream.on('close', closed(client));
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port,
    setDelay(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new Error(`not a delay: ${ms}`);
      delay = ms;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const cut of connections) cut();
      connections.clear();
      await within(`latency proxy on port ${port} closing`, closed);
    },
  };
}
