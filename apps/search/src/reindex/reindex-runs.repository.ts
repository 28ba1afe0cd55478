import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ReindexRunEntity } from './reindex-run.entity';

/** Where a rebuild reads from, in the order it reads them (follows count users, posts name authors). */
export const REINDEX_SOURCES = ['users', 'follows', 'posts'] as const;
export type ReindexSource = (typeof REINDEX_SOURCES)[number];

export interface ReindexRun {
  source: ReindexSource;
  cursor: unknown;
  pages: number;
  items: number;
  startedAt: Date;
  finishedAt: Date | null;
}

/** Session advisory lock key: one reindex at a time per database. */
const REINDEX_LOCK = 'search.reindex';

const toRun = (entity: ReindexRunEntity): ReindexRun => ({
  source: entity.source as ReindexSource,
  cursor: entity.cursor ?? null,
  pages: entity.pages,
  items: entity.items,
  startedAt: entity.startedAt,
  finishedAt: entity.finishedAt,
});

/** The only code that reads and writes `reindex_runs` (the reindex command's saved cursors). */
@Injectable()
export class ReindexRunsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get runs() {
    return this.dataSource.getRepository(ReindexRunEntity);
  }

  /**
   * Runs `work` holding a session advisory lock on a connection of its own,
   * so two reindex commands never write at once; a process that dies loses
   * its connection and with it the lock. Null when another holds it.
   */
  async exclusively<T>(work: () => Promise<T>): Promise<T | null> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [row] = (await runner.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS locked`, [
        REINDEX_LOCK,
      ])) as { locked: boolean }[];
      if (!row?.locked) return null;
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext($1))`, [REINDEX_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  async all(): Promise<Map<ReindexSource, ReindexRun>> {
    const rows = await this.runs.find();
    return new Map(rows.map((row) => [row.source as ReindexSource, toRun(row)]));
  }

  /** The source's run, begun now if it has none. */
  async begin(source: ReindexSource, now: Date): Promise<ReindexRun> {
    await this.dataSource.query(
      `INSERT INTO ${this.runs.metadata.tablePath} (source, started_at, updated_at)
       VALUES ($1, $2, $2) ON CONFLICT (source) DO NOTHING`,
      [source, now],
    );
    return toRun(await this.runs.findOneByOrFail({ source }));
  }

  /** Records a page written: the cursor of the next one, or the end (`next` null). */
  async pageWritten(
    source: ReindexSource,
    next: unknown,
    items: number,
    now: Date,
  ): Promise<ReindexRun> {
    await this.dataSource.query(
      `UPDATE ${this.runs.metadata.tablePath}
       SET cursor = $2::jsonb, pages = pages + 1, items = items + $3,
         finished_at = CASE WHEN $2::jsonb IS NULL THEN $4::timestamptz END, updated_at = $4
       WHERE source = $1`,
      [source, next === null ? null : JSON.stringify(next), items, now],
    );
    return toRun(await this.runs.findOneByOrFail({ source }));
  }

  /** Forgets every run (a fresh rebuild starts from the first page). */
  async forget(): Promise<void> {
    await this.runs.clear();
  }
}
