import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import { returnedRows } from '../common/query-result.util';

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

  /**
   * Writes the next page of `source` in one transaction: the run's row is locked first (a
   * second replica waits, then finds the cursor moved on), `read` fetches the page after the
   * saved cursor, `write` applies its rows, and the cursor moves past them, or the run is
   * marked finished after the last page. Returns the run as it stands after the page.
   */
  pageOf<T>(
    source: BackfillSource,
    read: (after: string | null) => Promise<OwnerPage<T>>,
    write: (manager: EntityManager, items: T[]) => Promise<void>,
  ): Promise<BackfillRun> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO backfill_runs (source) VALUES ($1) ON CONFLICT (source) DO NOTHING`,
        [source],
      );
      const [locked]: BackfillRunRow[] = await manager.query(
        `SELECT source, cursor, pages, items, started_at, finished_at FROM backfill_runs
         WHERE source = $1 FOR UPDATE`,
        [source],
      );
      const run = toRun(locked!);
      if (run.finishedAt) return run;
      const page = await read(run.cursor);
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
