import type { ServiceProcess } from '@wave/testing';

/**
 * What an orchestrator does for the chaos runner: it restarts a service whose process died,
 * after a backoff that doubles on each quick death (1 s up to 10 s), and says so.
 */
export class Watchdog {
  private readonly restarts = new Map<string, number>();
  private readonly pending = new Map<string, Promise<void>>();
  private readonly delays = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly services: readonly ServiceProcess[],
    private readonly log: (line: string) => void,
    private readonly firstDelayMs = 1_000,
    private readonly maxDelayMs = 10_000,
  ) {}

  start(): void {
    this.stopped = false;
    this.timer ??= setInterval(() => this.check(), 200);
  }

  /** Restarts nothing more, and waits for a restart under way to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.pending.values()]);
  }

  /** Restarts so far, per service name. */
  restartCounts(): Map<string, number> {
    return new Map(this.restarts);
  }

  /** Resolves when every service runs and no restart is under way; throws after `timeoutMs`. */
  async idle(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 || this.services.some((service) => !service.running())) {
      if (Date.now() > deadline) {
        const down = this.services.filter((service) => !service.running()).map((s) => s.name);
        throw new Error(`Services still down after ${timeoutMs} ms: ${down.join(', ')}`);
      }
      await Promise.allSettled([...this.pending.values()]);
      if (this.pending.size === 0) this.check();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private check(): void {
    if (this.stopped) return;
    for (const service of this.services) {
      if (service.running() || this.pending.has(service.name)) continue;
      const delay = this.delays.get(service.name) ?? this.firstDelayMs;
      this.delays.set(service.name, Math.min(delay * 2, this.maxDelayMs));
      const count = (this.restarts.get(service.name) ?? 0) + 1;
      this.restarts.set(service.name, count);
      this.log(`${service.name} died; restarting it in ${delay} ms (restart ${count})`);
      const restart = (async () => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (this.stopped) {
          this.pending.delete(service.name);
          return;
        }
        try {
          await service.start();
          // Running for a while again resets the backoff.
          setTimeout(() => {
            if (service.running()) this.delays.delete(service.name);
          }, 30_000).unref();
        } catch (error) {
          this.log(`${service.name} failed to restart: ${(error as Error).message.slice(0, 500)}`);
          service.signal('SIGKILL');
        } finally {
          this.pending.delete(service.name);
        }
      })();
      this.pending.set(service.name, restart);
    }
  }
}
