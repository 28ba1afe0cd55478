// Small process helpers for the start and test scripts (Node built-ins only:
// they run before dependencies are installed).
import { spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';

export const ROOT = new URL('../../../', import.meta.url).pathname.replace(/\/$/, '');

export function log(message) {
  process.stdout.write(`\x1b[36m[wave]\x1b[0m ${message}\n`);
}

export function fail(message) {
  process.stderr.write(`\x1b[31m[wave]\x1b[0m ${message}\n`);
  process.exit(1);
}

export function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

export async function runOrFail(command, args, options = {}) {
  const code = await run(command, args, options);
  if (code !== 0) fail(`${command} ${args.join(' ')} failed (exit ${code})`);
}

/** Whether something accepts TCP connections on host:port. */
export function isPortOpen(port, host = '127.0.0.1', timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export async function waitForPort(port, timeoutMs, host = '127.0.0.1') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isPortOpen(port, host)) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;
