import type { OnApplicationShutdown } from '@nestjs/common';
import { Controller, Get, Injectable, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ServiceLifecycle, serveUntilStopped } from '../src/graceful-shutdown';
import { HEALTH_CHECKS, HealthModule } from '../src/health.controller';
import { loggingModule } from '../src/logging';
import { createServiceApp, DRAINING_HEADER } from '../src/service-app';

/** What the app does when it closes: resolves at once, or when the test lets it. */
const closing = { hold: false, release: () => undefined as void, closed: false };

@Injectable()
class Resource implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    if (closing.hold) await new Promise<void>((resolve) => (closing.release = resolve));
    closing.closed = true;
  }
}

@Controller('things')
class ThingsController {
  @Get()
  list(): { ok: true } {
    return { ok: true };
  }
}

@Module({
  imports: [
    loggingModule({ service: 'shutdown-spec', level: 'silent', perRequest: false }),
    HealthModule.register({ provide: HEALTH_CHECKS, useValue: [] }),
  ],
  controllers: [ThingsController],
  providers: [Resource],
})
class ThingsModule {}

/** Resolves after the conditions holds (polled), or throws after 5 s. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * A signal as the process's listeners receive it (Jest's sandboxed `process` takes no real
 * signals; the whole-stack test sends a real SIGTERM to a real service).
 */
const send = (signal: NodeJS.Signals) => process.emit(signal, signal);

describe(serveUntilStopped.name, () => {
  // Not a signal Jest or Node listens to.
  const SIGNAL: NodeJS.Signals = 'SIGUSR2';
  let app: NestFastifyApplication;
  let exits: number[];
  let url: string;

  const serve = async (
    delayMs: number,
    timeoutMs = 5_000,
    signals: NodeJS.Signals[] = [SIGNAL],
    afterClose?: () => Promise<void>,
  ) => {
    closing.hold = false;
    closing.closed = false;
    exits = [];
    app = await createServiceApp(ThingsModule);
    await serveUntilStopped(
      app,
      { PORT: 0, HOST: '127.0.0.1', SHUTDOWN_DELAY_MS: delayMs, SHUTDOWN_TIMEOUT_MS: timeoutMs },
      { exit: (code) => exits.push(code), signals, ...(afterClose ? { afterClose } : {}) },
    );
    url = await app.getUrl();
  };

  afterEach(async () => {
    process.removeAllListeners(SIGNAL);
    process.removeAllListeners('SIGUSR1');
    // A close the signal began is let finish; an app never signalled is closed here.
    closing.hold = false;
    closing.release();
    if (app.get(ServiceLifecycle).draining) await until(() => closing.closed, 'the close to end');
    else await app.close();
  });

  it('says not ready at once, keeps serving with Connection: close through the delay, then closes and exits 0', async () => {
    await serve(600);
    expect((await fetch(`${url}/health/ready`)).status).toBe(200);

    send(SIGNAL);
    await until(() => app.get(ServiceLifecycle).draining, 'draining');
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ message: 'Not ready: shutting down' });
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const served = await fetch(`${url}/things`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    expect(served.headers.get(DRAINING_HEADER)).toBe('1');
    expect(closing.closed).toBe(false);

    await until(() => exits.length > 0, 'the exit');
    expect(exits).toEqual([0]);
    expect(closing.closed).toBe(true);
  });

  it('sends what must go after closing (the last spans) before it exits, and exits 0 if that fails', async () => {
    const steps: string[] = [];
    await serve(0, 5_000, [SIGNAL], () => {
      steps.push(`after close; closed: ${closing.closed}; exits: ${exits.length}`);
      return Promise.reject(new Error('the collector is away'));
    });
    send(SIGNAL);
    await until(() => exits.length > 0, 'the exit');
    expect(steps).toEqual(['after close; closed: true; exits: 0']);
    expect(exits).toEqual([0]);
  });

  it('exits with 1 when closing takes longer than the timeout', async () => {
    await serve(0, 300);
    closing.hold = true;
    send(SIGNAL);
    await until(() => exits.length > 0, 'the exit');
    expect(exits).toEqual([1]);
    expect(closing.closed).toBe(false);
  });

  it('exits at once with 1 on the same signal again, and ignores another one', async () => {
    await serve(0, 5_000, [SIGNAL, 'SIGUSR1']);
    closing.hold = true;
    send(SIGNAL);
    await until(() => app.get(ServiceLifecycle).draining, 'draining');
    send('SIGUSR1');
    expect(exits).toEqual([]);
    send(SIGNAL);
    await until(() => exits.length > 0, 'the exit');
    expect(exits).toEqual([1]);
  });
});
