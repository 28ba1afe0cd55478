import { Client } from 'pg';
import type { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface ServiceDataSourceInput {
  url: string;
  /** The service's own schema: no service reads another's. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
}

export function buildDataSourceOptions(input: ServiceDataSourceInput): DataSourceOptions {
  const options: PostgresConnectionOptions = {
    type: 'postgres',
    url: input.url,
    schema: input.schema,
    entities: input.entities,
    migrations: input.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    migrationsRun: false,
    namingStrategy: new SnakeNamingStrategy(),
    applicationName: input.applicationName ?? input.schema,
    poolSize: input.poolSize ?? 10,
    extra: {
      options: `-c search_path=${input.schema},public`,
      max: input.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 15_000,
    },
  };
  return options;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Creates the database (if missing) and the service's schema (if missing). */
export async function prepareDatabase(url: string, schema: string): Promise<void> {
  if (!IDENTIFIER.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const target = new URL(url);
  const databaseName = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(databaseName))
    throw new Error(`Invalid database name: ${databaseName}`);

  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      databaseName,
    ]);
    if (rowCount === 0) {
      await admin.query(`CREATE DATABASE "${databaseName}"`).catch((error: unknown) => {
        // Another process created it first.
        if (!isPgError(error, '42P04')) throw error;
      });
    }
  } finally {
    await admin.end();
  }

  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (error) {
    if (!isPgError(error, '23505')) throw error;
  } finally {
    await client.end();
  }
}

/**
 * Runs pending migrations under an advisory lock, so replicas that start at once
 * do not race. Returns the names of the migrations it ran.
 */
export async function runMigrations(dataSource: DataSource, schema: string): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`wave-migrations:${schema}`]);
    const ran = await dataSource.runMigrations({ transaction: 'each' });
    return ran.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`wave-migrations:${schema}`]);
    await runner.release();
  }
}

/**
 * The SQL that would bring the database in line with the entities. Empty when
 * the migrations describe the entities exactly; a test fails otherwise.
 */
export async function pendingSchemaChanges(dataSource: DataSource): Promise<string[]> {
  const log = await dataSource.driver.createSchemaBuilder().log();
  return log.upQueries.map((query) => query.query);
}

interface PgErrorLike {
  code?: string;
  constraint?: string;
  driverError?: { code?: string; constraint?: string };
}

export function isPgError(error: unknown, code: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as PgErrorLike;
  return candidate.code === code || candidate.driverError?.code === code;
}

/** True for a unique violation, optionally of one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!isPgError(error, '23505')) return false;
  if (!constraint) return true;
  const candidate = error as PgErrorLike;
  return (candidate.constraint ?? candidate.driverError?.constraint) === constraint;
}
