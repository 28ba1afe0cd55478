import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Increments } from '../rollups/rollup-increments.util';
import { addPostViews, emptyIncrements } from '../rollups/rollup-increments.util';
import { RollupsRepository } from '../rollups/rollups.repository';
import { returnedRows } from '@wave/database';

/** Rows deleted in one statement, so no run holds locks for long. */
const DELETE_BATCH = 5_000;

/**
 * What the maintenance job forgets besides whole partitions: applied event and
 * batch ids once no redelivery can come, hourly rollups past their retention
 * (daily ones stay), and pending views of posts that never arrived.
 */
@Injectable()
export class RetentionRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rollups: RollupsRepository,
  ) {}

  /** Deletes rows of `table` whose `column` is before `cutOff`; returns how many. */
  async deleteBefore(
    table:
      | 'applied_events'
      | 'applied_batches'
      | 'user_hourly_stats'
      | 'post_hourly_stats'
      | 'pending_post_views',
    column: 'applied_at' | 'hour_start',
    cutOff: Date,
  ): Promise<number> {
    let deleted = 0;
    for (;;) {
      const rows = returnedRows<unknown>(
        await this.dataSource.query(
          `DELETE FROM ${table} WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM ${table} WHERE ${column} < $1 LIMIT ${DELETE_BATCH}))
         RETURNING 1`,
          [cutOff],
        ),
      );
      deleted += rows.length;
      if (rows.length < DELETE_BATCH) return deleted;
    }
  }

  /**
   * Pending views of posts that have arrived since (a post heard of while a
   * batch naming it was being written): moved into the post's and its
   * author's counts. Returns how many views moved.
   */
  async settlePendingViews(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const moved = returnedRows<{
        post_id: string;
        author_id: string;
        hour_start: Date;
        views: number;
      }>(
        await manager.query(
          `DELETE FROM pending_post_views pending USING posts
           WHERE posts.id = pending.post_id AND posts.deleted_at IS NULL
           RETURNING pending.post_id, posts.author_id, pending.hour_start, pending.views`,
        ),
      );
      const increments: Increments = emptyIncrements();
      for (const row of moved) {
        const at = new Date(row.hour_start);
        addPostViews(increments, {
          postId: row.post_id,
          authorId: row.author_id,
          at,
          n: row.views,
        });
      }
      await this.rollups.add(manager, increments);
      return moved.reduce((sum, row) => sum + row.views, 0);
    });
  }
}
