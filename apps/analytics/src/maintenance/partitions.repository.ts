import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ANALYTICS_SCHEMA } from '../config/analytics.config';
import type { PartitionWindow } from './day-partitions.util';
import { addDays, partitionNameOf, planPartitions } from './day-partitions.util';

/** The tables partitioned by day, and the column they are partitioned on. */
export const PARTITIONED_TABLES = {
  /** Raw events, by `occurred_at` (timestamptz). */
  raw_events: 'timestamptz',
  /** Who saw which post on which day, by `day` (date). */
  post_viewers: 'date',
} as const;
export type PartitionedTable = keyof typeof PARTITIONED_TABLES;

export type PartitionWindows = Record<PartitionedTable, PartitionWindow>;

const quoted = (name: string) => `"${ANALYTICS_SCHEMA}"."${name}"`;
const bound = (table: PartitionedTable, day: string) =>
  PARTITIONED_TABLES[table] === 'date' ? `'${day}'` : `'${day} 00:00:00+00'`;

/**
 * Creates the day partitions a window needs and drops those before it, under
 * an advisory lock (the migration and the scheduled job of any replica may run
 * at once). Dropping a day is a `DROP TABLE`: its cost does not depend on how
 * many rows it held.
 */
@Injectable()
export class PartitionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async apply(windows: PartitionWindows): Promise<{ created: string[]; dropped: string[] }> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `wave-partitions:${ANALYTICS_SCHEMA}`,
      ]);
      const created: string[] = [];
      const dropped: string[] = [];
      for (const table of Object.keys(PARTITIONED_TABLES) as PartitionedTable[]) {
        const existing = await this.partitionsOfIn(manager, table);
        const plan = planPartitions(table, existing, windows[table]);
        for (const day of plan.create) {
          const name = partitionNameOf(table, day);
          // Days are generated, never read from input: safe to put in the statement.
          await manager.query(
            `CREATE TABLE IF NOT EXISTS ${quoted(name)} PARTITION OF ${quoted(table)}
             FOR VALUES FROM (${bound(table, day)}) TO (${bound(table, addDays(day, 1))})`,
          );
          created.push(name);
        }
        for (const name of plan.drop) {
          await manager.query(`DROP TABLE IF EXISTS ${quoted(name)}`);
          dropped.push(name);
        }
      }
      return { created, dropped };
    });
  }

  /** The partitions a table has now, by name. */
  partitionsOf(table: PartitionedTable): Promise<string[]> {
    return this.partitionsOfIn(this.dataSource.manager, table);
  }

  private async partitionsOfIn(
    manager: DataSource['manager'],
    table: PartitionedTable,
  ): Promise<string[]> {
    const rows: { name: string }[] = await manager.query(
      `SELECT child.relname AS name
       FROM pg_inherits
       JOIN pg_class child ON child.oid = pg_inherits.inhrelid
       JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
       JOIN pg_namespace ns ON ns.oid = parent.relnamespace
       WHERE ns.nspname = $1 AND parent.relname = $2
       ORDER BY child.relname`,
      [ANALYTICS_SCHEMA, table],
    );
    return rows.map((row) => row.name);
  }
}
