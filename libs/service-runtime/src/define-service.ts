import type { DynamicModule, InjectionToken } from '@nestjs/common';
import { Logger, Module } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Redis } from 'ioredis';
import type { DataSourceOptions } from 'typeorm';
import { DataSource } from 'typeorm';
import type { ServiceName } from '@wave/contracts';
import { buildDataSourceOptions, prepareDatabase, runMigrations } from '@wave/database';
import { InternalAuthModule } from '@wave/internal-auth';
import type { PublisherConfig, ReplaySource } from '@wave/messaging';
import {
  describeReplay,
  MessagingModule,
  OutboxEventEntity,
  parseReplayArguments,
  runReplay,
} from '@wave/messaging';
import { serviceMetricsModule } from '@wave/metrics';
import { REDIS_CLIENT, RedisModule } from '@wave/redis';
import { RpcClientModule } from '@wave/rpc';
import type { TracingConfig } from '@wave/tracing';
import { startTracing } from '@wave/tracing';
import type { ServeConfig } from './graceful-shutdown';
import { serveUntilStopped } from './graceful-shutdown';
import type { HealthCheck } from './health.controller';
import { HEALTH_CHECKS, HealthModule } from './health.controller';
import { loggingModule } from './logging';
import type { ServiceAppOptions } from './service-app';
import { createServiceApp } from './service-app';
import type { ServiceCommand } from './service-commands';
import { describeMigrationRun, runServiceCommands } from './service-commands';

/** What every service's configuration has (`serviceEnvSchema` with `databaseEnvShape`). */
export interface ServiceConfig extends ServeConfig, PublisherConfig, TracingConfig {
  LOG_LEVEL: string;
  INTERNAL_AUTH_SECRET: string;
  DATABASE_URL: string;
  DATABASE_POOL_SIZE: number;
}

// TypeORM takes entity and migration classes as `Function`s.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Classes = Function[];

/** A health check that needs providers of the service (media's object storage). */
export interface ServiceHealthChecks {
  inject: InjectionToken[];
  checks: (...providers: never[]) => HealthCheck[];
}

/** A service, declared once: what `defineService` needs to know. */
export interface ServiceOptions<Config extends ServiceConfig> {
  name: ServiceName;
  /** Its own PostgreSQL schema: no service reads another's. */
  schema: string;
  /** Its TypeORM entities (the outbox's is added when it publishes `events`). */
  entities: Classes;
  /** Its migrations, in order. */
  migrations: Classes;
  /** Reads and validates its configuration from an environment (`loadConfig` with its schema). */
  loadConfig: (env: Record<string, string | undefined>) => Config;
  /** Its own module: controllers, features and the modules only it uses. */
  module: (config: Config) => DynamicModule;
  /** It publishes events through the outbox (the relay, `EventOutbox`). */
  events: boolean;
  /** It calls other services over Redis RPC (`RpcClient`), with this timeout. */
  rpc: false | ((config: Config) => { timeoutMs?: number });
  /**
   * pino-http's request-scoped logger on every request (the default); off for the hottest reads
   * (see `loggingModule`).
   */
  perRequestLogs?: boolean;
  /** Modules its health checks need, imported beside the infrastructure. */
  healthImports?: (config: Config) => DynamicModule[];
  /** Health checks besides PostgreSQL's and Redis's (search's Meilisearch's, when it has one). */
  healthChecks?: (config: Config) => ServiceHealthChecks;
  /** Fastify's options (the largest body). */
  app?: (config: Config) => ServiceAppOptions;
  /** Anything to set on the app before it listens (a cookie parser, a content type parser). */
  configureApp?: (app: NestFastifyApplication, config: Config) => Promise<void> | void;
  /** Work after the migrations, on the same connection (analytics' day partitions). */
  afterMigrate?: (dataSource: DataSource, config: Config) => Promise<void>;
  /**
   * The rows it owns that others project, as events (`Replayer`): with them, its entry point
   * has a `replay --to <service>` command.
   */
  replaySources?: (dataSource: DataSource) => ReplaySource[];
}

/** Commands of a service's own besides `serve` and `migrate` (`seed`, `reindex`). */
export type ServiceCommands<Config> = (config: Config) => Record<string, ServiceCommand>;

/** A declared service: everything its entry point, its tests and its tooling need. */
export interface ServiceDefinition<Config extends ServiceConfig> {
  readonly name: ServiceName;
  readonly schema: string;
  readonly migrations: Classes;
  loadConfig(env: Record<string, string | undefined>): Config;
  /** Its configuration from `process.env`: the only place it reads the environment. */
  configFromEnvironment(): Config;
  dataSourceOptions(config: Config): DataSourceOptions;
  /** Creates the database and schema if missing, then runs pending migrations: their names. */
  migrate(config: Config): Promise<string[]>;
  /**
   * The root module: the infrastructure (global) and the service's own module, or `own` in its
   * place (the identity seed's, with a cheaper password hasher).
   */
  rootModule(config: Config, own?: DynamicModule): DynamicModule;
  /** The app, ready to listen (or to be driven in-process by tests). */
  createApp(config: Config): Promise<NestFastifyApplication>;
  /** The entry point: `node main.js [serve|migrate|<its commands>]`, `serve` by default. */
  main(commands?: ServiceCommands<Config>): void;
}

/**
 * What every service imports the same way, in one global module so that the service's own
 * module sees its providers: JSON logs, metrics, TypeORM on its schema, Redis, the signed
 * identity header's guard, RPC and the outbox when it uses them, and `/health` with
 * PostgreSQL's and Redis's checks.
 */
@Module({})
class ServiceInfrastructureModule {}

/** The root of a service's app: its infrastructure and its own module. */
@Module({})
class ServiceRootModule {}

/**
 * Declares a service once. Its entry point (`main.ts`) becomes `definition.main(...)`, the
 * migration generator (`npm run migration:generate`) takes its data source from it, and its
 * migrations test is `describeServiceMigrations(definition)` (`@wave/testing`).
 */
export function defineService<Config extends ServiceConfig>(
  options: ServiceOptions<Config>,
): ServiceDefinition<Config> {
  const { name, schema } = options;
  const entities: Classes = options.events
    ? [...options.entities, OutboxEventEntity]
    : options.entities;

  const dataSourceOptions = (config: Config): DataSourceOptions =>
    buildDataSourceOptions({
      url: config.DATABASE_URL,
      schema,
      entities,
      migrations: options.migrations,
      poolSize: config.DATABASE_POOL_SIZE,
      applicationName: name,
    });

  const infrastructure = (config: Config): DynamicModule => {
    const extra = options.healthChecks?.(config);
    const messaging = options.events ? [MessagingModule.forService(config)] : [];
    return {
      module: ServiceInfrastructureModule,
      global: true,
      imports: [
        loggingModule({
          service: name,
          level: config.LOG_LEVEL,
          perRequest: options.perRequestLogs ?? true,
        }),
        serviceMetricsModule(name, config),
        TypeOrmModule.forRoot(dataSourceOptions(config)),
        RedisModule.forRoot({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, name }),
        InternalAuthModule.forRoot({ secret: config.INTERNAL_AUTH_SECRET }),
        ...(options.rpc
          ? [
              RpcClientModule.forRoot({
                url: config.REDIS_URL,
                prefix: config.REDIS_KEY_PREFIX,
                ...options.rpc(config),
              }),
            ]
          : []),
        ...messaging,
        ...(options.healthImports?.(config) ?? []),
        HealthModule.register({
          provide: HEALTH_CHECKS,
          inject: [DataSource, REDIS_CLIENT, ...(extra?.inject ?? [])],
          useFactory: (dataSource: DataSource, redis: Redis, ...providers: never[]) => [
            { name: 'postgres', check: () => dataSource.query('SELECT 1') },
            { name: 'redis', check: () => redis.ping() },
            ...(extra?.checks(...providers) ?? []),
          ],
        }),
      ],
      exports: [...(options.events ? [MessagingModule] : []), HealthModule],
    };
  };

  const definition: ServiceDefinition<Config> = {
    name,
    schema,
    migrations: options.migrations,
    loadConfig: options.loadConfig,
    configFromEnvironment: () => options.loadConfig(process.env),
    dataSourceOptions,

    async migrate(config) {
      await prepareDatabase(config.DATABASE_URL, schema);
      const dataSource = new DataSource(dataSourceOptions(config));
      await dataSource.initialize();
      try {
        const ran = await runMigrations(dataSource, schema);
        await options.afterMigrate?.(dataSource, config);
        return ran;
      } finally {
        await dataSource.destroy();
      }
    },

    rootModule: (config, own = options.module(config)) => ({
      module: ServiceRootModule,
      imports: [infrastructure(config), own],
    }),

    async createApp(config) {
      const app = await createServiceApp(definition.rootModule(config), options.app?.(config));
      await options.configureApp?.(app, config);
      return app;
    },

    main(commands) {
      const replaySources = options.replaySources;
      runServiceCommands(name, () => {
        const config = definition.configFromEnvironment();
        return {
          serve: () => serveTraced(name, config, () => definition.createApp(config)),
          migrate: async () => describeMigrationRun(await definition.migrate(config)),
          ...(replaySources
            ? {
                replay: async () =>
                  describeReplay(
                    await runReplay(
                      {
                        owner: name,
                        dataSourceOptions: dataSourceOptions(config),
                        redisUrl: config.REDIS_URL,
                        redisKeyPrefix: config.REDIS_KEY_PREFIX,
                        sources: replaySources,
                      },
                      parseReplayArguments(process.argv.slice(3)),
                    ),
                  ),
              }
            : {}),
          ...commands?.(config),
        };
      });
    },
  };
  return definition;
}

/**
 * Serves an app until it is stopped (`serveUntilStopped`), with traces when the configuration
 * asks for them (OTEL_EXPORTER_OTLP_ENDPOINT): started before the app is made, so that its
 * requests, queues and calls are traced, and flushed after it has closed.
 */
export async function serveTraced(
  name: string,
  config: ServeConfig & TracingConfig,
  createApp: () => Promise<NestFastifyApplication>,
): Promise<void> {
  const tracing = startTracing({ service: name, config, logger: new Logger('Tracing') });
  const app = await createApp();
  await serveUntilStopped(app, config, tracing ? { afterClose: () => tracing.shutdown() } : {});
}
