import type { Server } from 'node:http';
import type { DynamicModule, OnApplicationShutdown } from '@nestjs/common';
import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import type { onRequestHookHandler } from 'fastify';
import { QUEUE_NAMES } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { closeServer, startMetricsServer } from './metrics-server';
import type { QueueMetricsOptions } from './queue-metrics';
import { QueueMetrics } from './queue-metrics';
import { labelledRouteOf, ServiceMetrics } from './service-metrics';

export interface MetricsModuleOptions {
  service: string;
  /** The queues whose backlog the exporter reports. */
  queues?: QueueMetricsOptions;
}

const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');

/**
 * Serves the service's metrics to Prometheus, once started (`serveUntilStopped` starts it when
 * METRICS_PORT is set): the `/metrics` listener, and the queues' backlog, read from Redis at each
 * scrape. Nothing of it runs in an app that is not serving (a seed, a migration, a test that
 * does not ask), so those open no listener and no connection.
 */
@Injectable()
export class MetricsExporter implements OnApplicationShutdown {
  private server: Server | null = null;
  private queueMetrics: QueueMetrics | null = null;
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly metrics: ServiceMetrics,
    @Inject(METRICS_OPTIONS) private readonly options: MetricsModuleOptions,
  ) {}

  async start(port: number, host: string): Promise<void> {
    if (this.server) throw new Error('The metrics exporter is already started');
    this.server = await startMetricsServer(this.metrics, port, host);
    // Once the port is ours: a refused start leaves no Redis connection behind.
    const queues = this.options.queues;
    if (queues && queues.queues.length > 0 && !this.queueMetrics) {
      this.queueMetrics = new QueueMetrics(this.metrics, queues);
    }
    this.logger.log(`Metrics on http://${host}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.server) await closeServer(this.server);
    this.server = null;
    await this.queueMetrics?.close();
    this.queueMetrics = null;
  }
}

/**
 * A service's Prometheus metrics (`ServiceMetrics`, global so that any feature can add its own)
 * and their exporter. `createServiceApp` times every request into them.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsModuleOptions): DynamicModule {
    return {
      module: MetricsModule,
      providers: [
        { provide: METRICS_OPTIONS, useValue: options },
        { provide: ServiceMetrics, useFactory: () => new ServiceMetrics(options.service) },
        MetricsExporter,
      ],
      exports: [ServiceMetrics, MetricsExporter],
    };
  }
}

/** The status recorded for a request whose answer never completed (nginx's "client closed"). */
export const ABORTED_STATUS = 499;

/**
 * A Fastify `onRequest` hook timing each request into the service's metrics, up to the moment its
 * answer is written. It watches the raw response rather than using `onResponse`, so that answers
 * a hook writes itself (the gateway's refusals, on a hijacked reply) are counted too; an answer
 * the client gave up on before the service had written it counts as 499.
 */
export const httpMetricsHook =
  (metrics: ServiceMetrics): onRequestHookHandler =>
  (request, reply, done) => {
    const startedAt = performance.now();
    const res = reply.raw;
    res.once('close', () => {
      metrics.observeRequest(
        request.method,
        labelledRouteOf(request.raw) ?? request.routeOptions.url,
        res.writableEnded ? res.statusCode : ABORTED_STATUS,
        (performance.now() - startedAt) / 1000,
      );
    });
    done();
  };

/** The variables every service's configuration has (`commonEnvShape`) that metrics need. */
export interface MetricsConfig {
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
}

/**
 * `MetricsModule` from a service's configuration, watching every queue of the platform
 * (`QUEUES`): a consumer that is down reports nothing, so the others show its backlog growing
 * (the dashboard takes the max per queue).
 */
export const serviceMetricsModule = (service: string, config: MetricsConfig): DynamicModule =>
  MetricsModule.forRoot({
    service,
    queues: {
      connection: bullConnection(config.REDIS_URL),
      prefix: bullPrefix(config.REDIS_KEY_PREFIX),
      queues: QUEUE_NAMES,
    },
  });
