import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { UNSTORABLE_TEXT_LOG_PREFIX } from '@wave/contracts';

/** Where the test ports start: below the ephemeral range (32768+) that outgoing connections use. */
const PORTS_FROM = 20_000;
/** Ports for each Jest worker (and one block for the parent process: global set-up). */
const PORTS_PER_WORKER = 1_000;
const WORKER_BLOCKS = 12;

/** The next port to try in this worker's block (from a random point: suites reuse the module). */
let cursor = Math.floor(Math.random() * PORTS_PER_WORKER);

/** True when nothing listens on the loopback port now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A free TCP port on loopback for a test server. Each Jest worker takes ports
 * from its own block below the ephemeral range, so suites running side by
 * side never hand out the same port (a port from `listen(0)`, closed, then
 * bound again by the service a moment later, could meanwhile be handed to
 * another worker's service, which then answered this suite's requests), and
 * no outgoing connection holds one.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env['JEST_WORKER_ID'] ?? '0');
  const base = PORTS_FROM + (worker % WORKER_BLOCKS) * PORTS_PER_WORKER;
  for (let tried = 0; tried < PORTS_PER_WORKER; tried += 1) {
    const port = base + (cursor % PORTS_PER_WORKER);
    cursor += 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${base}-${base + PORTS_PER_WORKER - 1}`);
}

/**
 * How long a service may take to become ready: two whole stacks (eight services, a gateway, the
 * web server, a browser) start side by side on two cores in CI, where identity, the slowest to
 * start, has been seen to need more than 20 s. A service that crashes still fails at once (its
 * test sees the exit in its output); a healthy one is waited for, not slept on.
 */
const SERVICE_START_TIMEOUT_MS = 60_000;

/** Resolves once `<url><path>` answers 200 (by default readiness: the service and its datastores). */
export async function waitForHealth(
  url: string,
  timeoutMs = 20_000,
  path = '/health/ready',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface ServiceProcess {
  name: string;
  url: string;
  port: number;
  /** The last lines it printed. */
  output(): string;
  /**
   * Lines it logged at error level or above, text the contracts let through to the database,
   * and anything that looks like an uncaught error: the first MAX_KEPT_ERROR_LINES of them.
   */
  errors(): string[];
  /** How many such lines it printed in all, kept or not. */
  errorCount(): number;
  /** Its process id while it runs. */
  pid(): number | undefined;
  /** Sends its process a signal (and does not wait). */
  signal(signal: NodeJS.Signals): void;
  /** How its last process ended: its exit code, or null while it runs (or was never started). */
  exitCode(): number | null;
  /** Whether its process is alive (started, and not exited or killed since). */
  running(): boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The processes this module started and that are still running. A suite whose start-up hook
 * timed out never gets its stack back to stop it, while the start-up goes on in the
 * background: `stopServiceProcesses` (run after every whole-stack test file) stops them, and
 * refuses any start after it, so no service outlives its test file and loads the next ones.
 */
const running = new Set<ChildProcess>();
let closed = false;

/** Stops every service process still running, and refuses to start any more in this file. */
export async function stopServiceProcesses(): Promise<void> {
  closed = true;
  await Promise.all([...running].map((child) => stopChild(child)));
}

async function stopChild(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    // A service finishes its requests and jobs first (SHUTDOWN_TIMEOUT_MS, 15 s in the stacks).
    setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
  });
}

/** A built service (`node <bundle> [...args]`) as a child process on a port of its own. */
export function serviceProcess(options: {
  name: string;
  /** The script node runs (a service bundle, or a tool such as vite's CLI). */
  bundle: string;
  args?: string[];
  cwd: string;
  port: number;
  env: Record<string, string>;
  /** What to wait for at start (readiness by default; '/health' for a service meant to be degraded). */
  healthPath?: string;
}): ServiceProcess {
  let child: ChildProcess | null = null;
  let last: ChildProcess | null = null;
  let output = '';
  const errors: string[] = [];
  let errorCount = 0;
  let partial = '';
  const url = `http://127.0.0.1:${options.port}`;
  return {
    name: options.name,
    url,
    port: options.port,
    output: () => output,
    errors: () => [...errors],
    errorCount: () => errorCount,
    pid: () => child?.pid,
    signal: (signal) => {
      child?.kill(signal);
    },
    exitCode: () => last?.exitCode ?? null,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      if (closed) throw new Error(`${options.name} not started: its test file is over`);
      child = spawn(process.execPath, [options.bundle, ...(options.args ?? [])], {
        cwd: options.cwd,
        // Test mode unless told otherwise (Jest sets it too): the built-in secrets work there.
        env: {
          NODE_ENV: 'test',
          ...process.env,
          ...options.env,
          PORT: String(options.port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const started = child;
      last = started;
      running.add(started);
      started.once('exit', () => running.delete(started));
      const collect = (chunk: Buffer) => {
        const text = chunk.toString();
        output = (output + text).slice(-20_000);
        const lines = (partial + text).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (!isErrorLine(line)) continue;
          errorCount += 1;
          if (errors.length < MAX_KEPT_ERROR_LINES) errors.push(line.slice(0, 2_000));
        }
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      try {
        await waitForHealth(url, SERVICE_START_TIMEOUT_MS, options.healthPath);
      } catch (error) {
        throw new Error(`${options.name} failed to start:\n${output}`, { cause: error });
      }
    },
    async stop() {
      const started = child;
      child = null;
      if (started) await stopChild(started);
    },
  };
}

/** Error lines kept for the failure message; more are counted (`errorCount`), not kept. */
export const MAX_KEPT_ERROR_LINES = 1_000;

/** pino's error and fatal levels; Node prints uncaught errors as plain text. */
const PINO_ERROR_LEVEL = 50;

/**
 * True for a log line at error level or above, the warning that PostgreSQL refused text a
 * contract let through (answered 400, but a contract is missing a check), or a plain-text
 * uncaught error or stack.
 */
export function isErrorLine(line: string): boolean {
  const trimmed = line.trim();
  if (trimmed.length === 0) return false;
  if (trimmed.startsWith('{')) {
    try {
      const entry = JSON.parse(trimmed) as { level?: unknown; msg?: unknown; message?: unknown };
      // The services' lines carry `message` (loggingModule's messageKey); pino's default is `msg`.
      const text = entry.message ?? entry.msg;
      if (typeof text === 'string' && text.startsWith(UNSTORABLE_TEXT_LOG_PREFIX)) return true;
      return typeof entry.level === 'number' && entry.level >= PINO_ERROR_LEVEL;
    } catch {
      return false;
    }
  }
  if (trimmed.includes(UNSTORABLE_TEXT_LOG_PREFIX)) return true;
  return /^(Uncaught|Unhandled|[A-Z][A-Za-z]*Error\b)|^\s+at .+:\d+:\d+\)?$/.test(line);
}
