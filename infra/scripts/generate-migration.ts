/**
 * Generates a TypeORM migration for one service from the difference between its
 * entities and its existing migrations, computed on a scratch database.
 *
 *   npm run migration:generate -- <app> <Name>
 *
 * Writes apps/<app>/src/database/migrations/<timestamp>-<name>.migration.ts and
 * rewrites the folder's index.ts, which lists every migration in order.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { DataSource } from 'typeorm';
import { prepareDatabase, runMigrations } from '@wave/database';
import { createTestDatabase } from '@wave/testing';

/** What the generator needs of a service's definition (`defineService`, in src/service.ts). */
interface DefinedService {
  configFromEnvironment(): unknown;
  dataSourceOptions(config: unknown): DataSourceOptions;
}

const isDefinedService = (value: unknown): value is DefinedService =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as DefinedService).dataSourceOptions === 'function' &&
  typeof (value as DefinedService).configFromEnvironment === 'function';

/** The service's data source, from its definition (apps/<app>/src/service.ts). */
async function dataSourceOf(app: string): Promise<DataSource> {
  const module = (await import(join(__dirname, '../../apps', app, 'src/service.ts'))) as Record<
    string,
    unknown
  >;
  const service = Object.values(module).find(isDefinedService);
  if (!service) throw new Error(`apps/${app}/src/service.ts declares no service (defineService)`);
  return new DataSource(service.dataSourceOptions(service.configFromEnvironment()));
}

async function main(): Promise<void> {
  const [app, rawName] = process.argv.slice(2);
  if (!app || !rawName || !/^[A-Za-z][A-Za-z0-9]*$/.test(rawName)) {
    throw new Error('usage: generate-migration <app> <PascalCaseName>');
  }
  const folder = join(__dirname, '../../apps', app, 'src/database/migrations');
  const scratch = await createTestDatabase(`migration_${app}`);
  try {
    process.env['DATABASE_URL'] = scratch.url;
    // A development tool: the app's built-in secrets are fine (its config refuses them otherwise).
    process.env['NODE_ENV'] ||= 'development';
    const dataSource = await dataSourceOf(app);
    const schema = (dataSource.options as { schema?: string }).schema ?? 'public';
    await prepareDatabase(scratch.url, schema);
    await dataSource.initialize();
    await runMigrations(dataSource, schema);
    const log = await dataSource.driver.createSchemaBuilder().log();
    await dataSource.destroy();
    if (log.upQueries.length === 0) {
      process.stdout.write('No changes: the migrations already describe the entities.\n');
      return;
    }
    const timestamp = Date.now();
    const className = `${rawName}${timestamp}`;
    const kebab = rawName.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const escape = (sql: string) => sql.replace(/\\/g, '\\\\').replace(/`/g, '\\`');
    const lines = (queries: { query: string; parameters?: unknown[] }[]) =>
      queries
        .map(
          (query) =>
            `    await queryRunner.query(\`${escape(query.query)}\`${
              query.parameters?.length ? `, ${JSON.stringify(query.parameters)}` : ''
            });`,
        )
        .join('\n');
    const file = `import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  public async up(queryRunner: QueryRunner): Promise<void> {
${lines(log.upQueries)}
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
${lines([...log.downQueries].reverse())}
  }
}
`;
    writeFileSync(join(folder, `${timestamp}-${kebab}.migration.ts`), file);
    writeIndex(folder, app);
    process.stdout.write(
      `Wrote ${timestamp}-${kebab}.migration.ts; review it before committing.\n`,
    );
  } finally {
    await scratch.drop();
  }
}

function writeIndex(folder: string, app: string): void {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.migration.ts'))
    .sort();
  const imports = files.map((name) => {
    const base = name.replace(/\.ts$/, '');
    const [timestamp, ...rest] = base.replace(/\.migration$/, '').split('-');
    const className =
      rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join('') + timestamp;
    return { base, className };
  });
  const constant = `${app.toUpperCase().replace(/-/g, '_')}_MIGRATIONS`;
  writeFileSync(
    join(folder, 'index.ts'),
    `${imports.map(({ base, className }) => `import { ${className} } from './${base}';`).join('\n')}

/** Every migration, in order. Generated with \`npm run migration:generate -- ${app} <Name>\`. */
export const ${constant} = [${imports.map(({ className }) => className).join(', ')}];
`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
