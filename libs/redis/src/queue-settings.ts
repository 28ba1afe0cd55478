import type { JobsOptions, KeepJobs } from 'bullmq';
import type { KeptJobs, QueueName } from '@wave/contracts';
import { QUEUES } from '@wave/contracts';
import { ownTraceJobOptions } from '@wave/tracing';

/** BullMQ's form of a retention: an age, a count or both (a record with neither keeps none). */
const keepJobs = (kept: KeptJobs): KeepJobs =>
  kept.seconds === undefined
    ? { count: kept.count ?? 0 }
    : { age: kept.seconds, ...(kept.count === undefined ? {} : { count: kept.count }) };

/**
 * The BullMQ options of a job of this queue, from its record in `QUEUES`: attempts, backoff and
 * how long finished and parked jobs are kept; with `jobId`, a deterministic id (an add that is
 * retried then adds nothing twice).
 */
export function jobOptionsOf(queue: QueueName, jobId?: string): JobsOptions {
  const spec = QUEUES[queue];
  const backoff: { backoff?: JobsOptions['backoff'] } =
    'backoff' in spec && spec.backoff
      ? spec.backoff.type === 'custom'
        ? { backoff: { type: 'custom' } }
        : { backoff: { type: 'exponential', delay: spec.backoff.delayMs } }
      : {};
  return {
    ...(jobId === undefined ? {} : { jobId }),
    attempts: spec.attempts,
    ...backoff,
    removeOnComplete: spec.keepCompleted === false ? true : keepJobs(spec.keepCompleted),
    removeOnFail: keepJobs(spec.keepFailed),
  };
}

/**
 * The options of a job scheduler's runs (`upsertJobScheduler`'s template): each run begins a trace
 * of its own, rather than every run joining the trace of the start-up that set the scheduler up.
 */
export const scheduledJobOptionsOf = (queue: QueueName): JobsOptions => ({
  ...jobOptionsOf(queue),
  ...ownTraceJobOptions(),
});

/** How many jobs of this queue one worker runs at once, from its record. */
export const concurrencyOf = (queue: QueueName): number => QUEUES[queue].concurrency;
