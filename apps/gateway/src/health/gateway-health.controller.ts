import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import type { Upstream } from '../routing/route-table';
import { UPSTREAMS } from '../routing/route-table';
import type { CircuitState } from '../proxy/replicas';
import { Upstreams } from '../proxy/upstreams';

type State = 'up' | 'down';
const PROBE_TIMEOUT_MS = 1_000;

export interface GatewayHealthResponse {
  status: 'up' | 'degraded';
  services: Record<string, State>;
  /**
   * Each service's circuit: `open` while every replica of it failed several times in a row and
   * has not answered a probe since (its requests are answered 503 at once), else `closed`.
   */
  circuits: Record<Upstream, CircuitState>;
}

/** `GET /api/health`: the gateway, its Redis and every service behind it. */
@Controller('api/health')
export class GatewayHealthController {
  constructor(
    private readonly upstreams: Upstreams,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<GatewayHealthResponse> {
    const probes = await Promise.all([
      this.probe('redis', () => this.redis.ping()),
      ...UPSTREAMS.map((upstream) =>
        // Every replica: one that does not answer is worth an operator's look, even while
        // the others take its requests.
        this.probe(upstream, () =>
          Promise.all(
            this.upstreams.replicasOf(upstream).map(async (origin) => {
              const response = await fetch(new URL('/health', origin), {
                signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
              });
              if (!response.ok) throw new Error(`status ${response.status}`);
            }),
          ),
        ),
      ),
    ]);
    const services: Record<string, State> = { gateway: 'up', ...Object.fromEntries(probes) };
    const healthy = probes.every(([, state]) => state === 'up');
    void reply.status(healthy ? 200 : 503);
    const circuits = Object.fromEntries(
      UPSTREAMS.map((upstream) => [upstream, this.upstreams.circuitOf(upstream)]),
    ) as Record<Upstream, CircuitState>;
    return { status: healthy ? 'up' : 'degraded', services, circuits };
  }

  private async probe(name: string, check: () => Promise<unknown>): Promise<[string, State]> {
    try {
      await Promise.race([
        check(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS).unref(),
        ),
      ]);
      return [name, 'up'];
    } catch {
      return [name, 'down'];
    }
  }
}
