import type { Context, SpanKind } from '@opentelemetry/api';
import { context, propagation, ROOT_CONTEXT, SpanStatusCode } from '@opentelemetry/api';
import { tracer } from './tracing';

/** A trace context written down (W3C `traceparent`, `tracestate`): in an outbox row, an RPC. */
export type TraceCarrier = Record<string, string>;

/** The active trace context, written down; null outside a recorded trace (or with tracing off). */
export function currentTraceCarrier(active: Context = context.active()): TraceCarrier | null {
  const carrier: TraceCarrier = {};
  propagation.inject(active, carrier);
  return Object.keys(carrier).length > 0 ? carrier : null;
}

/** A carrier read back from storage or the wire: strings only, anything else is ignored. */
export function traceCarrierOf(value: unknown): TraceCarrier | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const carrier = Object.fromEntries(
    Object.entries(value).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length <= 512,
    ),
  );
  return Object.keys(carrier).length > 0 ? carrier : null;
}

/**
 * Runs `work` in a span that continues the trace a carrier holds (a new trace without one),
 * recording its failure.
 */
export function inSpanFrom<T>(
  carrier: TraceCarrier | null,
  name: string,
  kind: SpanKind,
  work: () => Promise<T>,
): Promise<T> {
  const parent = carrier ? propagation.extract(ROOT_CONTEXT, carrier) : ROOT_CONTEXT;
  return tracer().startActiveSpan(name, { kind }, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Runs `work` outside any trace: what it does is not part of the active one. */
export const outsideTraces = <T>(work: () => T): T => context.with(ROOT_CONTEXT, work);
