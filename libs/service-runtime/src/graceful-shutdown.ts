import { Injectable, Logger } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { MetricsExporter } from '@wave/metrics';

/** Whether the service is shutting down: its readiness check says so from the first signal. */
@Injectable()
export class ServiceLifecycle {
  draining = false;
}

/** The variables every service's configuration has (`commonEnvShape`) that shutting down needs. */
export interface ServeConfig {
  PORT: number;
  HOST: string;
  /** Where Prometheus scrapes `/metrics` (unset or 0: nowhere). */
  METRICS_PORT?: number | undefined;
  SHUTDOWN_DELAY_MS: number;
  SHUTDOWN_TIMEOUT_MS: number;
}

export interface ServeOptions {
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
  /** Runs once the app has closed (or failed to), before the process exits: sends the last spans. */
  afterClose?: () => Promise<void>;
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Listens (and, with METRICS_PORT, exports its metrics there), then on SIGTERM (or SIGINT) shuts
 * down in order:
 * 1. reports not ready at once (`/health/ready` answers 503; `/health` stays up), answers with
 *    `Connection: close` so that clients holding a connection move to another replica, and keeps
 *    serving for `SHUTDOWN_DELAY_MS`, the time its load balancer (or Kubernetes' endpoints) takes
 *    to stop sending it requests;
 * 2. closes the app: its queue workers finish their running jobs and take no more, then the
 *    server takes no new connection, serves requests still arriving on open ones (closing the
 *    connection after each) and finishes those in flight; then its datastores' connections close;
 * 3. exits with 0; or with 1 when closing failed or took longer than `SHUTDOWN_TIMEOUT_MS`
 *    (a job cut there is retried elsewhere: jobs are idempotent).
 * The same signal again meanwhile exits at once with 1 (Ctrl-C twice); another one changes
 * nothing. A signal during start-up shuts down the same way.
 */
export async function serveUntilStopped(
  app: INestApplication,
  config: ServeConfig,
  options: ServeOptions = {},
): Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const logger = new Logger('Shutdown');
  let lifecycle: ServiceLifecycle | null = null;
  try {
    lifecycle = app.get(ServiceLifecycle, { strict: false });
  } catch {
    // An app without HealthModule has no readiness to report.
  }
  let stopping: NodeJS.Signals | null = null;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) {
      // The same signal twice is someone insisting (Ctrl-C twice). Another one is a supervisor
      // following up (a terminal's Ctrl-C reaches `npm start` and its services alike, and
      // `npm start` then sends SIGTERM): it changes nothing.
      if (signal !== stopping) return;
      logger.warn(`${signal} again: exiting now, without finishing what is in flight`);
      exit(1);
      return;
    }
    stopping = signal;
    if (lifecycle) lifecycle.draining = true;
    logger.log(
      `${signal}: not ready any more; closing in ${config.SHUTDOWN_DELAY_MS} ms, then finishing what is in flight`,
    );
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    // Not unref'd: it must fire even when closing waits on nothing that keeps the process alive.
    const deadline = setTimeout(() => {
      logger.error(
        `Requests or jobs still running ${config.SHUTDOWN_TIMEOUT_MS} ms after closing began; exiting now`,
      );
      exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    let code = 0;
    try {
      await app.close();
    } catch (error: unknown) {
      logger.error(`Closing failed: ${error instanceof Error ? error.stack : String(error)}`);
      code = 1;
    }
    // Briefly, and within the same deadline: a collector that does not answer does not hold the
    // exit up, nor turn a clean one into a failure.
    if (options.afterClose) await finishAfterClose(options.afterClose, logger);
    clearTimeout(deadline);
    if (code === 0) logger.log('Closed; exiting');
    exit(code);
  };
  // Before listening: a signal during start-up is handled too.
  for (const signal of options.signals ?? SIGNALS) {
    process.on(signal, () => void stop(signal));
  }
  await app.listen(config.PORT, config.HOST);
  if (config.METRICS_PORT && !stopping) {
    // Only a serving app exports metrics: a seed or a migration of the same image does not.
    await app.get(MetricsExporter, { strict: false }).start(config.METRICS_PORT, config.HOST);
  }
}

/** How long what runs after closing (sending the last spans) may take. */
const AFTER_CLOSE_LIMIT_MS = 5_000;

async function finishAfterClose(
  afterClose: () => Promise<void>,
  logger: { warn(message: string): void },
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), AFTER_CLOSE_LIMIT_MS);
  });
  try {
    const outcome = await Promise.race([afterClose().then(() => 'done' as const), limit]);
    if (outcome === 'late') {
      logger.warn(`After closing: not done within ${AFTER_CLOSE_LIMIT_MS} ms; exiting anyway`);
    }
  } catch (error: unknown) {
    logger.warn(`After closing: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
  }
}
