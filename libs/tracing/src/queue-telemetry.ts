import type { Telemetry } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { TRACER_NAME, tracingEnabled, tracingGeneration } from './tracing';

/** BullMQ's telemetry, made once for each start of tracing (its tracer is that provider's). */
let made: { generation: number; telemetry: Telemetry } | null = null;

/**
 * BullMQ's own OpenTelemetry spans (bullmq-otel) for a queue or worker, when tracing is on: a job
 * added in a trace carries its context (in the job's options, stored with it in Redis), and the
 * worker processes it in a span of that trace. Spread into a Queue's or Worker's options, made
 * after `startTracing`: `new Worker(name, process, { ...queueTelemetry(), connection })`.
 */
export function queueTelemetry(): { telemetry?: Telemetry } {
  if (!tracingEnabled()) return {};
  if (made?.generation !== tracingGeneration()) {
    made = {
      generation: tracingGeneration(),
      telemetry: new BullMQOtel(TRACER_NAME) as Telemetry,
    };
  }
  return { telemetry: made.telemetry };
}

type JobTraceOptions = { telemetry?: { metadata: string } | { omitContext: true } };

/**
 * A job's options that make it begin a trace of its own, not join the one that added it (a job
 * scheduler's runs, a relay's batch); nothing with tracing off (the job's options stay as they were).
 */
export const ownTraceJobOptions = (): JobTraceOptions =>
  tracingEnabled() ? { telemetry: { omitContext: true } } : {};

/**
 * A job's options that make its processing continue a trace written down earlier (an outbox
 * row's): `telemetry.metadata` is what bullmq-otel reads back, the carrier as JSON. Without a
 * carrier the job begins a trace of its own (`ownTraceJobOptions`).
 */
export const jobTraceOptions = (carrier: Record<string, string> | null): JobTraceOptions =>
  carrier && tracingEnabled()
    ? { telemetry: { metadata: JSON.stringify(carrier) } }
    : ownTraceJobOptions();
