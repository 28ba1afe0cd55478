import type { DataSourceOptions } from 'typeorm';
import { DataSource } from 'typeorm';
import { pendingSchemaChanges } from '@wave/database';
import type { TestDatabase } from './test-infrastructure';
import { createTestDatabase } from './test-infrastructure';

export interface MigrationsSuite {
  /** The service's PostgreSQL schema. */
  schema: string;
  /** Runs its migrations against the database; returns the names it ran. */
  migrate: (databaseUrl: string) => Promise<string[]>;
  dataSourceOptions: (databaseUrl: string) => DataSourceOptions;
  migrationCount: number;
}

/**
 * The same three checks for every service's migrations, on a fresh database:
 * they describe the entities exactly (no drift), run again as a no-op, and all
 * revert cleanly.
 */
export function describeMigrations(service: string, suite: MigrationsSuite): void {
  describe(`${service} migrations`, () => {
    let database: TestDatabase;
    let dataSource: DataSource;

    beforeAll(async () => {
      database = await createTestDatabase(`${service}_migrations`);
      await expect(suite.migrate(database.url)).resolves.toHaveLength(suite.migrationCount);
      dataSource = new DataSource(suite.dataSourceOptions(database.url));
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
      await expect(suite.migrate(database.url)).resolves.toEqual([]);
    });

    it('revert cleanly', async () => {
      const applied = async (): Promise<number> => {
        const rows = await dataSource.query<{ n: number }[]>(
          `SELECT count(*)::int AS n FROM "${suite.schema}".migrations`,
        );
        return rows[0]?.n ?? 0;
      };
      expect(await applied()).toBe(suite.migrationCount);
      while ((await applied()) > 0) await dataSource.undoLastMigration({ transaction: 'each' });
      const tables = await dataSource.query<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = $1`,
        [suite.schema],
      );
      expect(tables.map((table) => table.table_name)).toEqual(['migrations']);
    });
  });
}

/** What `describeServiceMigrations` needs of a service (`defineService`'s definition). */
export interface MigratingService<Config> {
  readonly name: string;
  readonly schema: string;
  readonly migrations: unknown;
  loadConfig(env: Record<string, string | undefined>): Config;
  migrate(config: Config): Promise<string[]>;
  dataSourceOptions(config: Config): DataSourceOptions;
}

/** `describeMigrations` for a service declared with `defineService`, in test mode. */
export function describeServiceMigrations<Config>(service: MigratingService<Config>): void {
  const config = (url: string) => service.loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
  describeMigrations(service.name, {
    schema: service.schema,
    migrate: (url) => service.migrate(config(url)),
    dataSourceOptions: (url) => service.dataSourceOptions(config(url)),
    migrationCount: (service.migrations as readonly unknown[]).length,
  });
}
