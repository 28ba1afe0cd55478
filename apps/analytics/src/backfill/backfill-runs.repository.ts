import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '@wave/database';

/** The projections filled from their owners, in this order (a community names its owner). */
export const BACKFILL_SOURCES = ['users', 'communities'] as const;
export type BackfillSource = (typeof BACKFILL_SOURCES)[number];

export interface BackfillRun {
  source: BackfillSource;
  cursor: string | null;
  pages: number;
  items: number;
  startedAt: Date;
  finishedAt: Date | null;
}

/** One keyset page read from an owner: its rows, and the `after` of the next (null after the last). */
export interface OwnerPage<T> {
  items: T[];
  next: string | null;
}

interface BackfillRunRow {
  source: BackfillSource;
  cursor: string | null;
  pages: number;
  items: number;
  started_at: Date;
  finished_at: Date | null;
}

const toRun = (row: BackfillRunRow): BackfillRun => ({
  source: row.source,
  cursor: row.cursor,
  pages: row.pages,
  items: row.items,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
});

/** The only code that reads and writes `backfill_runs` (how far each backfill got). */
@Injectable()
export class BackfillRunsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async all(): Promise<BackfillRun[]> {
    const rows: BackfillRunRow[] = await this.dataSource.query(
      `SELECT source, cursor, pages, items, started_at, finished_at FROM backfill_runs
       ORDER BY source`,
    );
    return rows.map(toRun);
  }

  /** Whether every source was read to its end. */
  async finished(): Promise<boolean> {
    const runs = await this.all();
    return BACKFILL_SOURCES.every((source) =>
      runs.some((run) => run.source === source && run.finishedAt !== null),
    );
  }

  /** The run of `source`, begun now if it has none. */
  async runOf(source: BackfillSource): Promise<BackfillRun> {
    await this.dataSource.query(
      `INSERT INTO backfill_runs (source) VALUES ($1) ON CONFLICT (source) DO NOTHING`,
      [source],
    );
    const [row]: BackfillRunRow[] = await this.dataSource.query(
      `SELECT source, cursor, pages, items, started_at, finished_at FROM backfill_runs
       WHERE source = $1`,
      [source],
    );
    return toRun(row!);
  }

  /**
   * Writes a page of `source` read after `after` (the run's cursor when it was read), in one
   * short transaction: the run's row is locked, and unless its cursor moved meanwhile (another
   * replica wrote that page: nothing is written), `write` applies the rows and the cursor moves
   * past them, or the run is marked finished after the last page. Returns the run as it stands.
   */
  writePage<T>(
    source: BackfillSource,
    after: string | null,
    page: OwnerPage<T>,
    write: (manager: EntityManager, items: T[]) => Promise<void>,
  ): Promise<BackfillRun> {
    return this.dataSource.transaction(async (manager) => {
      const [locked]: BackfillRunRow[] = await manager.query(
        `SELECT source, cursor, pages, items, started_at, finished_at FROM backfill_runs
         WHERE source = $1 FOR UPDATE`,
        [source],
      );
      const run = toRun(locked!);
      if (run.finishedAt || run.cursor !== after) return run;
      await write(manager, page.items);
      const [updated] = returnedRows<BackfillRunRow>(
        await manager.query(
          `UPDATE backfill_runs SET cursor = COALESCE($2, cursor), pages = pages + 1,
             items = items + $3, finished_at = CASE WHEN $2::uuid IS NULL THEN now() END
           WHERE source = $1
           RETURNING source, cursor, pages, items, started_at, finished_at`,
          [source, page.next, page.items.length],
        ),
      );
      return toRun(updated!);
    });
  }
}
