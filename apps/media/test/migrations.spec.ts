import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@wave/database';
import type { TestDatabase } from '@wave/testing';
import { createTestDatabase } from '@wave/testing';
import { loadMediaConfig } from '../src/config/media.config';
import { mediaDataSourceOptions } from '../src/database/media-data-source';
import { migrateMedia } from '../src/database/migrate';

describe('media migrations', () => {
  let database: TestDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createTestDatabase('media_migrations');
    const config = loadMediaConfig({ DATABASE_URL: database.url });
    await migrateMedia(config);
    dataSource = new DataSource(mediaDataSourceOptions(config));
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
    const config = loadMediaConfig({ DATABASE_URL: database.url });
    await expect(migrateMedia(config)).resolves.toEqual([]);
  });

  it('revert cleanly', async () => {
    const applied = async (): Promise<number> => {
      const rows: { n: number }[] = await dataSource.query(
        `SELECT count(*)::int AS n FROM media.migrations`,
      );
      return rows[0]?.n ?? 0;
    };
    expect(await applied()).toBeGreaterThan(0);
    while ((await applied()) > 0) await dataSource.undoLastMigration({ transaction: 'each' });
    const tables: { table_name: string }[] = await dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'media'`,
    );
    expect(tables.map((table) => table.table_name)).toEqual(['migrations']);
  });
});
