import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@wave/database';
import type { TestDatabase } from '@wave/testing';
import { createTestDatabase } from '@wave/testing';
import { loadTimelineConfig } from '../src/config/timeline.config';
import { migrateTimeline } from '../src/database/migrate';
import { TIMELINE_MIGRATIONS } from '../src/database/migrations';
import { timelineDataSourceOptions } from '../src/database/timeline-data-source';

describe(migrateTimeline.name, () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  const config = () => loadTimelineConfig({ DATABASE_URL: database.url });

  beforeAll(async () => {
    database = await createTestDatabase('timeline_migrations');
    await expect(migrateTimeline(config())).resolves.toHaveLength(TIMELINE_MIGRATIONS.length);
    dataSource = new DataSource(timelineDataSourceOptions(config()));
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource.destroy();
    await database.drop();
  });

  it('describe the entities exactly (generate a migration when this fails)', async () => {
    await expect(pendingSchemaChanges(dataSource)).resolves.toEqual([]);
  });

  it('run again as a no-op', async () => {
    await expect(migrateTimeline(config())).resolves.toEqual([]);
  });

  it('revert cleanly', async () => {
    const applied = async (): Promise<number> => {
      const rows: { n: number }[] = await dataSource.query(
        `SELECT count(*)::int AS n FROM timeline.migrations`,
      );
      return rows[0]?.n ?? 0;
    };
    expect(await applied()).toBe(TIMELINE_MIGRATIONS.length);
    while ((await applied()) > 0) await dataSource.undoLastMigration({ transaction: 'each' });
    const tables: { table_name: string }[] = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'timeline'`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(['migrations']);
  });
});
