import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { EngagementField, Increments, RollupRow, UserField } from './rollup-increments.util';
import { ENGAGEMENT_FIELDS, rollupRows, USER_FIELDS } from './rollup-increments.util';

/** A rollup table: its key columns (with their PostgreSQL types) and its counts. */
interface RollupTable<F extends string> {
  name: string;
  keys: [column: string, type: string][];
  /** Key columns written on insert but never changed (a post's author). */
  fixed?: [column: string, type: string][];
  fields: readonly F[];
}

const USER_HOURLY: RollupTable<UserField> = {
  name: 'user_hourly_stats',
  keys: [
    ['user_id', 'uuid'],
    ['hour_start', 'timestamptz'],
  ],
  fields: USER_FIELDS,
};
const USER_DAILY: RollupTable<UserField> = {
  name: 'user_daily_stats',
  keys: [
    ['user_id', 'uuid'],
    ['day', 'date'],
  ],
  fields: USER_FIELDS,
};
const POST_HOURLY: RollupTable<EngagementField> = {
  name: 'post_hourly_stats',
  keys: [
    ['post_id', 'uuid'],
    ['hour_start', 'timestamptz'],
  ],
  fixed: [['author_id', 'uuid']],
  fields: ENGAGEMENT_FIELDS,
};
const POST_DAILY: RollupTable<EngagementField> = {
  name: 'post_daily_stats',
  keys: [
    ['post_id', 'uuid'],
    ['day', 'date'],
  ],
  fixed: [['author_id', 'uuid']],
  fields: ENGAGEMENT_FIELDS,
};

/**
 * The posts' lifetime counts, on the projection rows themselves. A count heard before its
 * post starts the row (author known, `created_at` null until `tweet.created`).
 */
const POST_TOTALS: RollupTable<EngagementField> = {
  name: 'posts',
  keys: [['id', 'uuid']],
  fixed: [['author_id', 'uuid']],
  fields: ENGAGEMENT_FIELDS,
};

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Adds to the posts' counts and the hourly and daily rollups, in the caller's transaction: one
 * `INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n` per table for a whole
 * batch, rows in key order (so concurrent batches take row locks in one order).
 */
@Injectable()
export class RollupsRepository {
  async add(manager: EntityManager, increments: Increments): Promise<void> {
    const rows = rollupRows(increments);
    // Posts first: the event handlers write a post's row before its rollups, and every
    // transaction taking rows in one order is what keeps them from deadlocking.
    await this.upsert(manager, POST_TOTALS, rows.postTotals);
    await this.upsert(manager, USER_HOURLY, rows.userHourly);
    await this.upsert(manager, USER_DAILY, rows.userDaily);
    await this.upsert(manager, POST_HOURLY, rows.postHourly);
    await this.upsert(manager, POST_DAILY, rows.postDaily);
  }

  /** Moves a user's follower count (a follow, +1; an unfollow, -1). */
  async addFollowers(manager: EntityManager, userId: string, delta: number): Promise<void> {
    await manager.query(
      `INSERT INTO user_totals AS t (user_id, followers) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET followers = t.followers + excluded.followers`,
      [userId, delta],
    );
  }

  /** Page views per path and day (crawlers apart). */
  async addPageViews(
    manager: EntityManager,
    rows: { day: string; path: string; views: number; crawlerViews: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const sorted = [...rows].sort((a, b) => (`${a.day}|${a.path}` < `${b.day}|${b.path}` ? -1 : 1));
    await manager.query(
      `INSERT INTO page_daily_stats AS t (day, path, views, crawler_views)
       SELECT * FROM unnest($1::date[], $2::varchar[], $3::int[], $4::int[])
       ON CONFLICT (day, path) DO UPDATE SET
         views = t.views + excluded.views, crawler_views = t.crawler_views + excluded.crawler_views`,
      [
        sorted.map((row) => row.day),
        sorted.map((row) => row.path),
        sorted.map((row) => row.views),
        sorted.map((row) => row.crawlerViews),
      ],
    );
  }

  private async upsert<F extends string>(
    manager: EntityManager,
    table: RollupTable<F>,
    rows: RollupRow<F>[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const keyColumns = [...table.keys, ...(table.fixed ?? [])];
    const columns = [...keyColumns.map(([name]) => name), ...table.fields.map(snake)];
    const types = [
      ...keyColumns.map(([, type]) => `${type}[]`),
      ...table.fields.map(() => 'int[]'),
    ];
    const parameters = [
      ...keyColumns.map((_, index) => rows.map((row) => row.key[index])),
      ...table.fields.map((field) => rows.map((row) => row.counts[field])),
    ];
    const counts = table.fields
      .map(snake)
      .map((column) => `${column} = t.${column} + excluded.${column}`)
      .join(', ');
    await manager.query(
      `INSERT INTO ${table.name} AS t (${columns.join(', ')})
       SELECT * FROM unnest(${types.map((type, index) => `$${index + 1}::${type}`).join(', ')})
       ON CONFLICT (${table.keys.map(([name]) => name).join(', ')}) DO UPDATE SET ${counts}`,
      parameters,
    );
  }
}
