import { Injectable } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { ServiceMetrics } from '@wave/metrics';
import type { Upstream } from '../routing/route-table';
import type { RetryReason } from './retry-rule';
import type { Replicas } from './replicas';

/**
 * What the proxy's replicas do: requests sent again to another replica, by service and reason
 * (`gateway_upstream_retries_total`), and each service's replicas in turn and left out after a
 * refused connection (`gateway_upstream_replicas`), read when Prometheus scrapes.
 */
@Injectable()
export class UpstreamMetrics {
  private readonly retries: Counter<'upstream' | 'reason'>;
  private readonly shortCircuits: Counter<'upstream'>;
  private watched: Partial<Record<Upstream, Replicas>> = {};

  constructor(metrics: ServiceMetrics) {
    this.retries = new Counter({
      name: 'gateway_upstream_retries_total',
      help: 'Requests sent once more, to another replica, after a refused (nothing sent) or broken (reset) connection.',
      labelNames: ['upstream', 'reason'],
      registers: [metrics.registry],
    });
    this.shortCircuits = new Counter({
      name: 'gateway_upstream_short_circuited_total',
      help: 'Requests answered 503 at once because every replica of their service had its circuit open.',
      labelNames: ['upstream'],
      registers: [metrics.registry],
    });
    const watched = () => this.watched;
    new Gauge({
      name: 'gateway_upstream_replicas',
      help: "A service's replicas taking requests in turn (in_turn), left out for a while after a refused connection (out), and taking none until a probe is answered (circuit_open).",
      labelNames: ['upstream', 'state'],
      registers: [metrics.registry],
      collect() {
        for (const [upstream, replicas] of Object.entries(watched())) {
          const inTurn = replicas.inTurn();
          const open = replicas.openCircuits();
          this.labels(upstream, 'in_turn').set(inTurn);
          this.labels(upstream, 'out').set(replicas.origins.length - inTurn - open);
          this.labels(upstream, 'circuit_open').set(open);
        }
      },
    });
  }

  watch(replicas: Record<Upstream, Replicas>): void {
    this.watched = replicas;
  }

  retried(upstream: Upstream, reason: RetryReason): void {
    this.retries.labels(upstream, reason).inc();
  }

  shortCircuited(upstream: Upstream): void {
    this.shortCircuits.labels(upstream).inc();
  }
}
