import { hostname } from 'node:os';
import type { Attributes, Context, DiagLogger, Link, SpanKind, Tracer } from '@opentelemetry/api';
import { context, diag, DiagLogLevel, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type {
  Sampler,
  SamplingResult,
  SpanExporter,
  SpanProcessor,
} from '@opentelemetry/sdk-trace';
import {
  BatchSpanProcessor,
  ParentBasedSampler,
  SamplingDecision,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** The instrumentation scope of Wave's own spans. */
export const TRACER_NAME = 'wave';

/** What a service's configuration says about traces (`commonEnvShape`'s OTEL_ variables). */
export interface TracingConfig {
  /** Where spans are sent with OTLP over HTTP (`/v1/traces` is appended); unset: no traces. */
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  /** The service's name in traces, when it is not the service's own (`timeline`). */
  OTEL_SERVICE_NAME?: string | undefined;
  /** The share of new traces kept (0 to 1); a trace begun elsewhere follows its parent. */
  OTEL_TRACES_SAMPLER_ARG?: number | undefined;
}

export interface TracingOptions {
  service: string;
  config: TracingConfig;
  /** Spans go here, each as it ends, instead of OTLP (tests: an `InMemorySpanExporter`). */
  exporter?: SpanExporter;
  /** Where the SDK's own troubles go (a collector that does not answer), at most once a minute. */
  logger?: { warn(message: string): void };
}

/** Tracing while it runs: `shutdown` sends the spans still held and stops. */
export interface Tracing {
  shutdown(): Promise<void>;
}

let current: { provider: TracerProvider; contextManager: AsyncLocalStorageContextManager } | null =
  null;
let generation = 0;

/** Which start of tracing this is (what was made for an earlier provider is not reused). */
export const tracingGeneration = (): number => generation;

/** The longest attribute value kept: a client's URL can be kilobytes long. */
const ATTRIBUTE_VALUE_LENGTH_LIMIT = 1024;

/** The SDK's warnings and errors (an export that failed), one line a minute at most. */
function throttledDiagLogger(logger: { warn(message: string): void }): DiagLogger {
  let last = 0;
  let dropped = 0;
  const warn = (message: string, ...args: unknown[]) => {
    const now = Date.now();
    if (now - last < 60_000) {
      dropped += 1;
      return;
    }
    last = now;
    const detail = args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
    logger.warn(
      `Tracing: ${message}${detail ? ` ${detail}` : ''}` +
        (dropped > 0 ? ` (${dropped} more such lines in the last minute)` : ''),
    );
    dropped = 0;
  };
  const ignore = () => undefined;
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}

/** Whether spans are recorded in this process (a provider was started). */
export const tracingEnabled = (): boolean => current !== null;

/** Wave's tracer: records nothing until `startTracing` has run. */
export const tracer = (): Tracer => trace.getTracer(TRACER_NAME);

/**
 * BullMQ's bookkeeping (polling for the next job, stalled-job checks, a relay's bulk add) is done
 * outside any request, all the time: as roots of traces of their own they would bury the traces
 * of real work. They are recorded inside a trace (a job added by a request), never as its root.
 */
const UNTRACED_ROOTS = [
  'getNextJob',
  'moveStalledJobsToWait',
  'startStalledCheckTimer',
  'addBulk',
  'close',
  'pause',
  'resume',
  'rateLimit',
];

class RootSampler implements Sampler {
  private readonly ratio: Sampler;

  constructor(ratio: number) {
    this.ratio = new TraceIdRatioBasedSampler(ratio);
  }

  shouldSample(
    parent: Context,
    traceId: string,
    spanName: string,
    spanKind: SpanKind,
    attributes: Attributes,
    links: Link[],
  ): SamplingResult {
    if (
      UNTRACED_ROOTS.some(
        (operation) => spanName === operation || spanName.startsWith(`${operation} `),
      )
    )
      return { decision: SamplingDecision.NOT_RECORD };
    return this.ratio.shouldSample(parent, traceId, spanName, spanKind, attributes, links);
  }

  toString(): string {
    return `RootSampler{${this.ratio.toString()}}`;
  }
}

/** Samples new traces at `ratio` (bookkeeping roots never) and follows a parent's decision. */
export const waveSampler = (ratio: number): Sampler =>
  new ParentBasedSampler({ root: new RootSampler(ratio) });

/**
 * Starts recording spans, when OTEL_EXPORTER_OTLP_ENDPOINT is set (or a test gives an exporter):
 * W3C trace context in and out, the active span kept across `await`s, spans sent in batches
 * with OTLP over HTTP (protobuf; the exporter reads the standard OTEL_EXPORTER_OTLP_* variables
 * for headers, compression and timeouts). Null, with nothing started, otherwise: the API's spans
 * then cost next to nothing. One provider per process: call it once, before the app is created.
 */
export function startTracing(options: TracingOptions): Tracing | null {
  const endpoint = options.config.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!options.exporter && !endpoint) return null;
  if (current) throw new Error('Tracing has started already in this process');
  const processor: SpanProcessor = options.exporter
    ? new SimpleSpanProcessor({ exporter: options.exporter })
    : new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({
          url: `${String(endpoint).replace(/\/+$/, '')}/v1/traces`,
        }),
      });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      [ATTR_SERVICE_NAME]: options.config.OTEL_SERVICE_NAME ?? options.service,
      // service.instance.id: which replica.
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    sampler: waveSampler(options.config.OTEL_TRACES_SAMPLER_ARG ?? 1),
    spanLimits: { attributeValueLengthLimit: ATTRIBUTE_VALUE_LENGTH_LIMIT },
    spanProcessors: [processor],
  });
  if (options.logger) diag.setLogger(throttledDiagLogger(options.logger), DiagLogLevel.WARN);
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  current = { provider, contextManager };
  generation += 1;
  return {
    async shutdown() {
      if (current?.provider !== provider) return;
      current = null;
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        propagation.disable();
        context.disable();
        diag.disable();
      }
    },
  };
}
