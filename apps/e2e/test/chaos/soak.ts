import { readFile } from 'node:fs/promises';
import { Redis } from 'ioredis';
import { SERVICES } from '../support/stack';
import type { ChaosSettings } from './runner';
import { isFailure, settle, withChaosStack } from './runner';

/** What a soak measured. */
export interface SoakResult {
  minutes: number;
  requests: number;
  failed: number;
  /** Each process's resident memory after the warm-up and at the end (MiB), and the growth. */
  memory: { name: string; afterWarmUpMiB: number; endMiB: number; growth: number }[];
  /** The deepest the queues got (jobs waiting, active, delayed) and how deep at the end. */
  deepestQueue: number;
  /** From the load's stop until every queue was empty; null when they never were. */
  queuesEmptyAfterMs: number | null;
  /** Jobs that failed for good (parked) over the run. */
  failedJobs: number;
  agreedAfterMs: number | null;
  problems: string[];
  errorLogs: number;
  restarts: number;
}

/** A process's resident set in MiB (Linux /proc), or null when it is gone. */
async function rssMiB(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kib = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kib === undefined ? null : Number(kib) / 1024;
  } catch {
    return null;
  }
}

/**
 * The jobs in the stack's BullMQ queues: waiting, active, delayed and prioritized (`pending`),
 * and failed for good (`failed`). One SCAN of the queue keys, then one round trip.
 */
export async function queueDepth(
  redisUrl: string,
  keyPrefix: string,
): Promise<{ pending: number; failed: number }> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await client.scan(cursor, 'MATCH', `${keyPrefix}bull:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    const lists = keys.filter((key) => /:(wait|active|paused)$/.test(key));
    const sets = keys.filter((key) => /:(delayed|prioritized|waiting-children)$/.test(key));
    const failed = keys.filter((key) => key.endsWith(':failed'));
    const pipeline = client.pipeline();
    for (const key of lists) pipeline.llen(key);
    for (const key of [...sets, ...failed]) pipeline.zcard(key);
    const counts = ((await pipeline.exec()) ?? []).map(([, count]) => Number(count));
    const pendingCount = lists.length + sets.length;
    const total = (from: number, to: number) =>
      counts.slice(from, to).reduce((sum, count) => sum + count, 0);
    return { pending: total(0, pendingCount), failed: total(pendingCount, counts.length) };
  } finally {
    client.disconnect();
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The workload for `minutes` with no fault, sampling each process's memory and the queues every
 * `sampleMs`. Memory growth compares the median of the samples in the minute after the warm-up
 * (the first sixth of the run) with the median of the last minute's.
 */
export async function runSoak(
  settings: ChaosSettings,
  minutes: number,
  sampleMs = 10_000,
): Promise<SoakResult> {
  const { log } = settings;
  return withChaosStack(settings, async ({ context, workload, ledger }) => {
    const { stack, watchdog } = context;
    const processes = [stack.gateway, ...SERVICES.map((service) => stack[service])];
    const errorsBefore = processes.reduce((sum, service) => sum + service.errorCount(), 0);
    const samples = new Map<string, { at: number; mib: number }[]>();
    const started = Date.now();
    const end = started + minutes * 60_000;
    const warmUpEnd = started + (minutes * 60_000) / 6;
    let deepestQueue = 0;
    workload.start();
    while (Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(sampleMs, end - Date.now())));
      for (const service of processes) {
        const mib = await rssMiB(service.pid());
        if (mib === null) continue;
        const list = samples.get(service.name) ?? [];
        list.push({ at: Date.now(), mib });
        samples.set(service.name, list);
      }
      const depth = await queueDepth(stack.redis.url, stack.redis.keyPrefix);
      deepestQueue = Math.max(deepestQueue, depth.pending);
      const elapsed = Math.round((Date.now() - started) / 60_000);
      const memory = [...samples].map(([name, list]) => `${name} ${list.at(-1)?.mib.toFixed(0)}`);
      log(`soak ${elapsed}/${minutes} min: queues ${depth.pending}; MiB ${memory.join(', ')}`);
    }
    await workload.stop();
    const stoppedAt = Date.now();
    let queuesEmptyAfterMs: number | null = null;
    while (Date.now() - stoppedAt < settings.settleTimeoutMs) {
      if ((await queueDepth(stack.redis.url, stack.redis.keyPrefix)).pending === 0) {
        queuesEmptyAfterMs = Date.now() - stoppedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const oracle = await settle(context, workload, ledger);
    const { failed: failedJobs } = await queueDepth(stack.redis.url, stack.redis.keyPrefix);
    const memory = [...samples].map(([name, list]) => {
      const afterWarmUp = list.filter((s) => s.at >= warmUpEnd && s.at < warmUpEnd + 60_000);
      const last = list.filter((s) => s.at >= end - 60_000);
      const afterWarmUpMiB = median(afterWarmUp.map((s) => s.mib));
      const endMiB = median(last.map((s) => s.mib));
      return {
        name,
        afterWarmUpMiB,
        endMiB,
        growth: afterWarmUpMiB ? endMiB / afterWarmUpMiB - 1 : 0,
      };
    });
    const records = workload.records;
    const restarts = [...watchdog.restartCounts().values()].reduce((a, b) => a + b, 0);
    return {
      minutes,
      requests: records.length,
      failed: records.filter(isFailure).length,
      memory,
      deepestQueue,
      queuesEmptyAfterMs,
      failedJobs,
      agreedAfterMs: oracle.report.problems.length === 0 ? oracle.at - stoppedAt : null,
      problems: oracle.report.problems,
      errorLogs: processes.reduce((sum, service) => sum + service.errorCount(), 0) - errorsBefore,
      restarts,
    };
  });
}

/** The soak's figures as Markdown (for RELIABILITY.md). */
export function soakTable(result: SoakResult): string {
  const seconds = (ms: number | null) => (ms === null ? 'never' : (ms / 1000).toFixed(1));
  return [
    `Soak: ${result.minutes} min, ${result.requests} requests (${result.failed} failed), ` +
      `deepest queue ${result.deepestQueue} jobs, queues empty ${seconds(result.queuesEmptyAfterMs)} s ` +
      `after the load stopped, ${result.failedJobs} jobs failed for good, projections agreed after ` +
      `${seconds(result.agreedAfterMs)} s, ${result.errorLogs} error log lines, ${result.restarts} restarts.`,
    '',
    '| process | RSS after warm-up (MiB) | RSS at the end (MiB) | growth |',
    '| --- | --- | --- | --- |',
    ...result.memory.map(
      (row) =>
        `| ${row.name} | ${row.afterWarmUpMiB.toFixed(1)} | ${row.endMiB.toFixed(1)} | ` +
        `${(row.growth * 100).toFixed(1)}% |`,
    ),
  ].join('\n');
}
