/**
 * A constant-arrival-rate (open-loop) HTTP load generator for the benchmarks.
 *
 * Request i is due at t0 + i / rate and is sent at that time whether or not earlier requests
 * have been answered, so a slow server meets the same offered load as a fast one. Latency is
 * measured from each request's scheduled time, not from when it actually left, so a stall of
 * the server (or of this process) shows in the percentiles instead of being hidden by sending
 * later (coordinated omission). autocannon's rate option paces each connection and waits for
 * its answers, which is not this.
 *
 * Load tests target loopback only: any other host is refused.
 */
import { performance } from 'node:perf_hooks';
import type { Histogram } from 'hdr-histogram-js';
import { build } from 'hdr-histogram-js';
import type { Dispatcher } from 'undici';
import { Pool } from 'undici';

export interface OpenLoopOptions {
  /** Absolute URL on 127.0.0.1, ::1 or localhost. */
  url: string;
  /** Offered requests per second. */
  rate: number;
  /** The measured window, after the warm-up. */
  durationSeconds: number;
  /** Requests scheduled in the warm-up are sent but not counted. Default 0. */
  warmupSeconds?: number;
  /** Headers of request i (i counts from 0 at the start of the warm-up). */
  headersFor: (index: number) => Record<string, string>;
  /** Default GET. */
  method?: Dispatcher.HttpMethod;
  /** Most sockets (and so most requests in flight) at once, e.g. 512. */
  connections: number;
  /** Longest wait for an answer, and for the last answers after the schedule ends. Default 5,000. */
  timeoutMs?: number;
}

/** Latency percentiles in milliseconds (microsecond precision). All 0 when count is 0. */
export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/**
 * What happened to the requests scheduled in the measured window (the warm-up's are left out):
 * scheduled = sent + dropped, and sent = ok + non2xx + errors.
 */
export interface OpenLoopResult {
  /** The rate asked for, requests per second. */
  offeredRate: number;
  /** Answers (any status, to any request) that arrived within the measured window, per second. */
  achievedRate: number;
  durationSeconds: number;
  scheduled: number;
  sent: number;
  /** Answered with a 2xx status. */
  ok: number;
  /** Answered with another status. */
  non2xx: number;
  /** No answer: socket errors, timeouts, and requests still unanswered timeoutMs after the end. */
  errors: number;
  /**
   * Not sent because all `connections` sockets were busy at the scheduled time. They are not
   * queued (a queue would grow without bound past saturation); any drop means the server did not
   * keep up and the percentiles below are a lower bound.
   */
  dropped: number;
  /** From scheduled time to the end of the answer's body, over the answered requests. */
  latency: LatencySummary;
  /** How late this process sent the requests it sent (actual minus scheduled time). */
  sendLag: LatencySummary;
  /** The first error's message, to tell why errors is not 0. */
  firstError?: string;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** The URL parsed, or an error if it is not http(s) on a loopback host. */
export function loopbackUrl(url: string): URL {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`open loop: ${parsed.protocol} is not http or https`);
  }
  if (!LOOPBACK_HOSTS.has(parsed.hostname)) {
    throw new Error(
      `open loop: load tests target loopback only (127.0.0.1, ::1, localhost), not ${parsed.hostname}`,
    );
  }
  return parsed;
}

/** When request `index` is due, in milliseconds after the start. */
export function scheduledMs(index: number, rate: number): number {
  return (index * 1000) / rate;
}

/** How many of the first `total` requests are due `elapsedMs` after the start (request 0 at 0). */
export function dueCount(elapsedMs: number, rate: number, total: number): number {
  if (elapsedMs < 0) return 0;
  let due = Math.min(total, Math.floor((elapsedMs * rate) / 1000) + 1);
  // The division above and scheduledMs can round differently; scheduledMs is the reference.
  while (due > 0 && scheduledMs(due - 1, rate) > elapsedMs) due -= 1;
  while (due < total && scheduledMs(due, rate) <= elapsedMs) due += 1;
  return due;
}

export interface SchedulePlan {
  /** Requests in warm-up and measured window together. */
  total: number;
  /** Index of the first measured request (the warm-up's come before). */
  firstMeasured: number;
  warmupMs: number;
  endMs: number;
}

/** The requests of a run: rate × (warm-up + duration), rounded. */
export function planSchedule(
  rate: number,
  warmupSeconds: number,
  durationSeconds: number,
): SchedulePlan {
  return {
    total: Math.round(rate * (warmupSeconds + durationSeconds)),
    firstMeasured: Math.round(rate * warmupSeconds),
    warmupMs: warmupSeconds * 1000,
    endMs: (warmupSeconds + durationSeconds) * 1000,
  };
}

/** Records latencies in microseconds in an HDR histogram (3 significant digits). */
export class LatencyRecorder {
  private readonly histogram: Histogram = build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
  });

  record(milliseconds: number): void {
    this.histogram.recordValue(Math.max(1, Math.round(milliseconds * 1000)));
  }

  summary(): LatencySummary {
    const h = this.histogram;
    if (h.totalCount === 0) return { count: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 };
    const ms = (micros: number) => micros / 1000;
    return {
      count: h.totalCount,
      p50: ms(h.getValueAtPercentile(50)),
      p90: ms(h.getValueAtPercentile(90)),
      p99: ms(h.getValueAtPercentile(99)),
      p999: ms(h.getValueAtPercentile(99.9)),
      max: ms(h.maxValue),
    };
  }
}

/** The percentiles of latencies given in milliseconds. */
export function latencySummary(milliseconds: Iterable<number>): LatencySummary {
  const recorder = new LatencyRecorder();
  for (const value of milliseconds) recorder.record(value);
  return recorder.summary();
}

function validate(options: OpenLoopOptions): void {
  const positive = (name: string, value: number) => {
    if (!Number.isFinite(value) || value <= 0) {
      throw new Error(`open loop: ${name} must be a positive number`);
    }
  };
  positive('rate', options.rate);
  positive('durationSeconds', options.durationSeconds);
  positive('timeoutMs', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const warmup = options.warmupSeconds ?? 0;
  if (!Number.isFinite(warmup) || warmup < 0) {
    throw new Error('open loop: warmupSeconds must be 0 or more');
  }
  if (!Number.isInteger(options.connections) || options.connections < 1) {
    throw new Error('open loop: connections must be a positive integer');
  }
}

/**
 * Offers `rate` requests a second to `url` for the warm-up and then `durationSeconds`, then
 * waits at most `timeoutMs` for the last answers. One undici pool of `connections` sockets,
 * no pipelining; bodies are read to the end and discarded.
 */
export async function openLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  validate(options);
  const url = loopbackUrl(options.url);
  const { rate, connections, headersFor } = options;
  const method = options.method ?? 'GET';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const plan = planSchedule(rate, options.warmupSeconds ?? 0, options.durationSeconds);
  const path = `${url.pathname}${url.search}`;
  const pool = new Pool(url.origin, {
    connections,
    pipelining: 1,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: timeoutMs,
  });

  const latency = new LatencyRecorder();
  const sendLag = new LatencyRecorder();
  const counts = { sent: 0, ok: 0, non2xx: 0, errors: 0, dropped: 0, answersInWindow: 0 };
  let firstError: string | undefined;
  let inFlight = 0;
  let measuredInFlight = 0;
  let next = 0;
  let finished = false;
  let wakeDrain: (() => void) | undefined;
  const t0 = performance.now();

  const settled = (measured: boolean) => {
    inFlight -= 1;
    if (measured) measuredInFlight -= 1;
    if (inFlight === 0) wakeDrain?.();
  };

  const send = (index: number, now: number) => {
    const measured = index >= plan.firstMeasured;
    if (inFlight >= connections) {
      if (measured) counts.dropped += 1;
      return;
    }
    const scheduledAt = t0 + scheduledMs(index, rate);
    if (measured) {
      counts.sent += 1;
      measuredInFlight += 1;
      sendLag.record(now - scheduledAt);
    }
    inFlight += 1;
    pool
      .request({ path, method, headers: headersFor(index) })
      .then(async ({ statusCode, body }) => {
        for await (const _chunk of body) {
          // Discarded: the body is read only so that the socket can be used again.
        }
        return statusCode;
      })
      .then(
        (statusCode) => {
          if (finished) return;
          const answeredAt = performance.now() - t0;
          if (answeredAt >= plan.warmupMs && answeredAt < plan.endMs) counts.answersInWindow += 1;
          if (measured) {
            latency.record(answeredAt + t0 - scheduledAt);
            if (statusCode >= 200 && statusCode < 300) counts.ok += 1;
            else counts.non2xx += 1;
          }
          settled(measured);
        },
        (error: unknown) => {
          if (finished) return;
          if (measured) {
            counts.errors += 1;
            firstError ??=
              error instanceof Error ? `${error.name}: ${error.message}` : String(error);
          }
          settled(measured);
        },
      );
  };

  // Sends every request whose time has come, then sleeps ~1 ms, or yields at once when behind.
  await new Promise<void>((resolve, reject) => {
    const tick = () => {
      try {
        const now = performance.now();
        const due = dueCount(now - t0, rate, plan.total);
        for (; next < due; next += 1) send(next, now);
        if (next >= plan.total) return resolve();
        if (t0 + scheduledMs(next, rate) <= performance.now()) setImmediate(tick);
        else setTimeout(tick, 1);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    tick();
  }).catch(async (error: unknown) => {
    finished = true;
    await pool.destroy().catch(() => undefined);
    throw error;
  });

  // The last answers, until timeoutMs after the end of the schedule.
  const drainDeadline = t0 + plan.endMs + timeoutMs;
  if (inFlight > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, drainDeadline - performance.now()));
      wakeDrain = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  finished = true;
  if (measuredInFlight > 0) {
    counts.errors += measuredInFlight;
    firstError ??= `${measuredInFlight} requests unanswered ${timeoutMs} ms after the end`;
  }
  await pool.destroy().catch(() => undefined);

  const durationSeconds = options.durationSeconds;
  return {
    offeredRate: rate,
    achievedRate: counts.answersInWindow / durationSeconds,
    durationSeconds,
    scheduled: plan.total - plan.firstMeasured,
    sent: counts.sent,
    ok: counts.ok,
    non2xx: counts.non2xx,
    errors: counts.errors,
    dropped: counts.dropped,
    latency: latency.summary(),
    sendLag: sendLag.summary(),
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** The header of the Markdown table that formatOpenLoopRow's rows go in (two lines). */
export const OPEN_LOOP_TABLE_HEADER = [
  '| open loop | offered req/s | achieved req/s | p50 | p90 | p99 | p99.9 | max | non-2xx + errors | dropped |',
  '|---|---|---|---|---|---|---|---|---|---|',
].join('\n');

const formatMs = (value: number, count: number) =>
  count === 0 ? '–' : `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** One Markdown table row for a run (see OPEN_LOOP_TABLE_HEADER). */
export function formatOpenLoopRow(label: string, result: OpenLoopResult): string {
  const { latency, offeredRate, achievedRate } = result;
  const cells = [
    label,
    String(offeredRate),
    achievedRate.toFixed(0),
    ...[latency.p50, latency.p90, latency.p99, latency.p999, latency.max].map((value) =>
      formatMs(value, latency.count),
    ),
    String(result.non2xx + result.errors),
    String(result.dropped),
  ];
  return `| ${cells.join(' | ')} |`;
}
