import type { Server } from 'node:http';
import type { DynamicModule, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Global, Inject, Injectable, Logger, Module, Optional } from '@nestjs/common';
import type { onRequestHookHandler } from 'fastify';
import { EVENT_CONSUMERS, eventQueueName } from '@wave/contracts';
import { bullConnection, bullPrefix } from '@wave/redis';
import { closeServer, startMetricsServer } from './metrics-server';
import type { QueueMetricsOptions } from './queue-metrics';
import { QueueMetrics } from './queue-metrics';
import { labelledRouteOf, ServiceMetrics } from './service-metrics';

export interface MetricsModuleOptions {
  service: string;
  /** Where `/metrics` listens (METRICS_PORT); unset or 0: nowhere (the metrics are still kept). */
  port?: number | undefined;
  host: string;
  /** The queues the service consumes, for their backlog. */
  queues?: QueueMetricsOptions;
}

const METRICS_OPTIONS = Symbol('METRICS_OPTIONS');

@Injectable()
class MetricsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;
  private readonly logger = new Logger('Metrics');

  constructor(
    private readonly metrics: ServiceMetrics,
    @Inject(METRICS_OPTIONS) private readonly options: MetricsModuleOptions,
    @Optional() private readonly queueMetrics?: QueueMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { port, host } = this.options;
    if (!port) return;
    this.server = await startMetricsServer(this.metrics, port, host);
    this.logger.log(`Metrics on http://${host}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.server) await closeServer(this.server);
    this.server = null;
    await this.queueMetrics?.close();
  }
}

/**
 * A service's Prometheus metrics (`ServiceMetrics`, global so that any feature can add its own)
 * and the listener that serves them. `createServiceApp` times every request into them.
 */
@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsModuleOptions): DynamicModule {
    const queueOptions = options.queues;
    return {
      module: MetricsModule,
      providers: [
        { provide: METRICS_OPTIONS, useValue: options },
        { provide: ServiceMetrics, useFactory: () => new ServiceMetrics(options.service) },
        ...(queueOptions && queueOptions.queues.length > 0
          ? [
              {
                provide: QueueMetrics,
                inject: [ServiceMetrics],
                useFactory: (metrics: ServiceMetrics) => new QueueMetrics(metrics, queueOptions),
              },
            ]
          : []),
        MetricsLifecycle,
      ],
      exports: [ServiceMetrics],
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
  METRICS_PORT?: number | undefined;
  HOST: string;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
}

/**
 * `MetricsModule` from a service's configuration, watching the queues it consumes and every
 * service's event queue: a consumer that is down reports nothing, so the others show its
 * backlog growing (the dashboard takes the max per queue).
 */
export const serviceMetricsModule = (
  service: string,
  config: MetricsConfig,
  consumedQueues: readonly string[] = [],
): DynamicModule =>
  MetricsModule.forRoot({
    service,
    port: config.METRICS_PORT,
    host: config.HOST,
    queues: {
      connection: bullConnection(config.REDIS_URL),
      prefix: bullPrefix(config.REDIS_KEY_PREFIX),
      queues: [...new Set([...consumedQueues, ...EVENT_CONSUMERS.map(eventQueueName)])],
    },
  });
