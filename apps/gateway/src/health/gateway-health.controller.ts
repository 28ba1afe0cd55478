import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_CLIENT } from '@wave/redis';
import { UPSTREAMS } from '../routing/route-table';
import { Upstreams } from '../proxy/upstreams';

type State = 'up' | 'down';
const PROBE_TIMEOUT_MS = 1_000;

export interface GatewayHealthResponse {
  status: 'up' | 'degraded';
  services: Record<string, State>;
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
    return { status: healthy ? 'up' : 'degraded', services };
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
