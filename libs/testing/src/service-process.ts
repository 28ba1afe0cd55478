import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

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
  start(): Promise<void>;
  stop(): Promise<void>;
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
  let output = '';
  const url = `http://127.0.0.1:${options.port}`;
  return {
    name: options.name,
    url,
    port: options.port,
    output: () => output,
    async start() {
      child = spawn(process.execPath, [options.bundle, ...(options.args ?? [])], {
        cwd: options.cwd,
        env: { ...process.env, ...options.env, PORT: String(options.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const collect = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-20_000);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      try {
        await waitForHealth(url, 20_000, options.healthPath);
      } catch (error) {
        throw new Error(`${options.name} failed to start:\n${output}`, { cause: error });
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGTERM');
        setTimeout(() => running.kill('SIGKILL'), 5_000).unref();
      });
    },
  };
}
