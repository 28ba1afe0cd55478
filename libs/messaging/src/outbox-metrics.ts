import { Injectable, Optional } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { collectOrNull, ServiceMetrics } from '@wave/metrics';
import { OutboxEventEntity } from './outbox-event.entity';

/** Counting stops here: past it the relay is plainly stuck, and a count must stay cheap. */
export const OUTBOX_COUNT_CAP = 100_000;

/**
 * The outbox relay's lag, read when Prometheus scrapes (a service with `MetricsModule`): events
 * committed but not yet handed to their queues, and the age of the oldest. Both queries walk the
 * partial index of unpublished rows, so their cost stays that of the backlog (the count stops at
 * OUTBOX_COUNT_CAP). NaN when PostgreSQL did not answer.
 */
@Injectable()
export class OutboxMetrics {
  constructor(dataSource: DataSource, @Optional() metrics?: ServiceMetrics) {
    if (!metrics) return;
    const table = () => dataSource.getMetadata(OutboxEventEntity).tablePath;
    new Gauge({
      name: 'outbox_unpublished_events',
      help: `Events committed and not yet relayed to their queues (counted up to ${OUTBOX_COUNT_CAP}).`,
      registers: [metrics.registry],
      async collect() {
        const rows = await collectOrNull<{ count: number }[]>(() =>
          dataSource.query(
            `SELECT count(*)::int AS count FROM (SELECT 1 FROM ${table()}
             WHERE published_at IS NULL LIMIT ${OUTBOX_COUNT_CAP}) AS unpublished`,
          ),
        );
        this.set(rows?.[0] ? rows[0].count : Number.NaN);
      },
    });
    new Gauge({
      name: 'outbox_oldest_unpublished_seconds',
      help: 'Age of the oldest event not yet relayed (0 when the outbox is empty).',
      registers: [metrics.registry],
      async collect() {
        const rows = await collectOrNull<{ age: number }[]>(() =>
          dataSource.query(
            `SELECT extract(epoch FROM now() - occurred_at)::float8 AS age FROM ${table()}
             WHERE published_at IS NULL ORDER BY id LIMIT 1`,
          ),
        );
        this.set(rows === null ? Number.NaN : Math.max(0, rows[0]?.age ?? 0));
      },
    });
  }
}
