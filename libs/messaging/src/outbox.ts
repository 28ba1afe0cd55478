import type { DataSource, EntityManager } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import type { EventConsumer, EventName, EventPayload } from '@wave/contracts';
import { EVENT_CONSUMERS, EVENT_SUBSCRIPTIONS, eventPayloadSchemas } from '@wave/contracts';
import { currentTraceCarrier, jobTraceOptions, outsideTraces, traceCarrierOf } from '@wave/tracing';
import type { EventQueues } from './event-queues';
import { eventJobOptions } from './event-queues';
import { OutboxEventEntity } from './outbox-event.entity';

export interface RelayLogger {
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface OutboxRelayOptions {
  /** How often to look for events that a kick missed (after a crash, say). */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows are deleted after this long. */
  retentionMs?: number;
  /**
   * The consumers deployed with this one (EVENT_SUBSCRIBERS; all of them by default): an event
   * goes only to their queues, so no queue fills for a service that is not there to empty it.
   */
  subscribers?: readonly EventConsumer[];
}

interface OutboxRow {
  id: string;
  event_id: string;
  name: string;
  payload: unknown;
  occurred_at: Date;
  trace_context: unknown;
}

/**
 * Moves committed outbox rows to the subscribers' queues. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so several replicas can relay side by side, and marked
 * published in the same transaction; a crash before the mark only means the
 * events are added again, which the jobs' deterministic ids turn into no-ops.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private cleanupTimer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = false;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly retentionMs: number;

  private readonly subscribers: ReadonlySet<EventConsumer>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: EventQueues,
    private readonly logger: RelayLogger,
    options: OutboxRelayOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 200;
    this.retentionMs = options.retentionMs ?? 7 * 24 * 3600 * 1000;
    this.subscribers = new Set(options.subscribers ?? EVENT_CONSUMERS);
  }

  start(): void {
    const excluded = EVENT_CONSUMERS.filter((consumer) => !this.subscribers.has(consumer));
    if (excluded.length > 0) {
      this.logger.warn(
        `Relaying to the deployed consumers only: ${excluded.join(', ')} will get no event ` +
          '(EVENT_SUBSCRIBERS), not even later',
      );
    }
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollIntervalMs);
    this.cleanupTimer = setInterval(() => void this.deletePublished(), 3600 * 1000);
    this.timer.unref();
    this.cleanupTimer.unref();
    this.kick();
  }

  /** Relay now (called after a commit that wrote events). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    // Outside the trace of the request whose commit kicked it: a batch relays others' events too
    // (each event's jobs continue the trace its row names).
    this.running = outsideTraces(() => this.drain()).finally(() => {
      this.running = null;
    });
  }

  /**
   * Relays until nothing is pending; resolves when done. Through `kick` (one drain at a time: a
   * second one would skip the rows the first holds and return early), or directly once stopped.
   */
  async flush(): Promise<void> {
    if (this.stopped) {
      while (this.running) await this.running;
      await this.drain();
      return;
    }
    this.kick();
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.cleanupTimer) clearInterval(this.cleanupTimer);
    this.timer = null;
    this.cleanupTimer = null;
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      do {
        this.rerun = false;
        while ((await this.relayBatch()) === this.batchSize) {
          // a full batch: there may be more
        }
      } while (this.rerun && !this.stopped);
    } catch (error) {
      this.logger.error('Outbox relay failed; it will retry', error);
    }
  }

  private async relayBatch(): Promise<number> {
    const table = this.dataSource.getMetadata(OutboxEventEntity).tablePath;
    return this.dataSource.transaction(async (manager) => {
      const rows: OutboxRow[] = await manager.query(
        `SELECT id, event_id, name, payload, occurred_at, trace_context FROM ${table}
         WHERE published_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
        [this.batchSize],
      );
      if (rows.length === 0) return 0;

      const jobsByConsumer = new Map<
        EventConsumer,
        Parameters<ReturnType<EventQueues['get']>['addBulk']>[0]
      >();
      for (const row of rows) {
        // Each event's jobs continue the trace of the request that wrote it.
        const traced = jobTraceOptions(traceCarrierOf(row.trace_context));
        const consumers: readonly EventConsumer[] =
          (EVENT_SUBSCRIPTIONS as Record<string, readonly EventConsumer[] | undefined>)[row.name] ??
          [];
        for (const consumer of consumers) {
          if (!this.subscribers.has(consumer)) continue;
          const jobs = jobsByConsumer.get(consumer) ?? [];
          jobs.push({
            name: row.name,
            data: {
              eventId: row.event_id,
              name: row.name,
              occurredAt: new Date(row.occurred_at).toISOString(),
              payload: row.payload,
            },
            opts: { ...eventJobOptions(consumer, row.event_id), ...traced },
          });
          jobsByConsumer.set(consumer, jobs);
        }
      }
      await Promise.all(
        [...jobsByConsumer].map(([consumer, jobs]) => this.queues.get(consumer).addBulk(jobs)),
      );
      await manager.query(`UPDATE ${table} SET published_at = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
  }

  private async deletePublished(): Promise<void> {
    try {
      const table = this.dataSource.getMetadata(OutboxEventEntity).tablePath;
      await this.dataSource.query(
        `DELETE FROM ${table} WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`,
        [this.retentionMs],
      );
    } catch (error) {
      this.logger.error('Outbox cleanup failed', error);
    }
  }
}

/** An event to append: its name and its payload. */
export type OutboxEvent = { [E in EventName]: { name: E; payload: EventPayload<E> } }[EventName];

/** An outbox row as a caller's own statement inserts it (see `EventOutbox.rowsOf`). */
export interface OutboxRowValues {
  eventId: string;
  name: EventName;
  /** Checked against the event's schema. */
  payload: object;
  /** The trace of the request writing it (`currentTraceCarrier`), or null. */
  traceContext: Record<string, string> | null;
}

/**
 * Writes events in the caller's transaction. Use `transaction()` so the relay is
 * kicked right after the commit.
 */
export class EventOutbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay | null,
  ) {}

  append<E extends EventName>(
    manager: EntityManager,
    name: E,
    payload: EventPayload<E>,
  ): Promise<void> {
    return this.appendMany(manager, [{ name, payload } as OutboxEvent]);
  }

  /** Several events in one insert, relayed in the order given. */
  async appendMany(manager: EntityManager, events: readonly OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    await manager.insert(OutboxEventEntity, this.rowsOf(events));
  }

  /**
   * The rows of events that a caller's own statement inserts into `table` along with the change
   * they describe (one statement is one transaction, where `transaction` takes a round trip per
   * statement and two more): checked against their schemas and given their ids, in the order
   * given. Call `written()` once that statement has run.
   */
  rowsOf(events: readonly OutboxEvent[]): OutboxRowValues[] {
    const traceContext = currentTraceCarrier();
    return events.map(({ name, payload }) => ({
      eventId: uuidv7(),
      name,
      payload: eventPayloadSchemas[name].parse(payload),
      traceContext,
    }));
  }

  /** The outbox table, schema-qualified, for statements that insert `rowsOf`. */
  get table(): string {
    return this.dataSource.getMetadata(OutboxEventEntity).tablePath;
  }

  /**
   * Relays what a committed statement or transaction wrote. Once the current task is done: the
   * relay's statements would otherwise go out ahead of the answer the caller is writing.
   */
  written(): void {
    if (this.relay) setImmediate(() => this.relay?.kick());
  }

  /**
   * Runs work in a transaction, then relays what it wrote. `rolledBack` runs
   * when the work itself failed (or never began), so nothing of it was
   * committed, before the error goes on to the caller: the place to undo what
   * was done outside the database for it. Not when the commit failed, whose
   * outcome a lost answer leaves unknown, nor after a commit. It reports its
   * own failures; the caller gets the work's error.
   */
  async transaction<T>(
    work: (manager: EntityManager) => Promise<T>,
    options: { rolledBack?: () => Promise<void> } = {},
  ): Promise<T> {
    let workDone = false;
    let result: T;
    try {
      result = await this.dataSource.transaction(async (manager) => {
        const value = await work(manager);
        workDone = true;
        return value;
      });
    } catch (error) {
      if (!workDone) await options.rolledBack?.().catch(() => undefined);
      throw error;
    }
    this.written();
    return result;
  }
}
