import type { DynamicModule, Provider } from '@nestjs/common';
import { Controller, Get, Inject, Module, Res, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SkipInternalAuth } from '@wave/internal-auth';
import { ServiceLifecycle } from './graceful-shutdown';

export interface HealthCheck {
  name: string;
  check: () => Promise<unknown>;
}
export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

const CHECK_TIMEOUT_MS = 2_000;

const withTimeout = (work: Promise<unknown>): Promise<unknown> =>
  Promise.race([
    work,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);

/**
 * `/health` says the process serves (liveness); `/health/ready` checks the
 * service's datastores (readiness), and says not ready once the service is shutting down
 * (`serveUntilStopped`). Neither needs the gateway's signature.
 */
@SkipInternalAuth()
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[],
    private readonly lifecycle: ServiceLifecycle,
  ) {}

  @Get()
  live() {
    return { status: 'up' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: FastifyReply) {
    // Shutting down: out of the load balancer's rotation while the last requests finish. An
    // answer, not an error: every probe of every pod during a rollout is not worth an error log.
    if (this.lifecycle.draining) {
      void reply.code(503);
      return { message: 'Not ready: shutting down' };
    }
    const results = await Promise.all(
      this.checks.map(async (probe) => {
        const name = probe.name;
        try {
          await withTimeout(probe.check());
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const checks = Object.fromEntries(results);
    const up = results.every(([, state]) => state === 'up');
    if (!up) {
      throw new ServiceUnavailableException(
        `Not ready: ${results
          .filter(([, state]) => state === 'down')
          .map(([name]) => name)
          .join(', ')} down`,
      );
    }
    return { status: 'up', checks };
  }
}

@Module({})
export class HealthModule {
  /** `checks` is a provider of `HEALTH_CHECKS` (it usually injects a DataSource and Redis). */
  static register(checks: Provider): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [checks, ServiceLifecycle],
      exports: [ServiceLifecycle],
    };
  }
}
