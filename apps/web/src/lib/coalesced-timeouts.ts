import type { ManagedTimerId, TimeoutCallback, TimeoutProvider } from '@tanstack/react-query';

/** Timeouts at least this long are gathered; shorter ones are the platform's own. */
export const COALESCE_FROM_MS = 1_000;
/** Gathered timeouts fire on a whole multiple of this (at most this much late). */
export const COALESCE_STEP_MS = 1_000;

interface Bucket {
  timer: ReturnType<typeof setTimeout>;
  callbacks: Map<number, TimeoutCallback>;
}

/**
 * A TanStack Query TimeoutProvider (its `timeoutManager`) that gathers long timeouts. Every cached
 * query sets a garbage-collection timeout (5 minutes) and every observer a staleness timeout (a
 * minute for view counts): a page of twenty posts sets about a hundred, and each platform
 * `setTimeout` is a task for the browser to keep (and a stack to record while a profiler runs,
 * as Lighthouse's does). TanStack's documentation suggests a provider that coalesces them: here,
 * a timeout of a second or more fires at the next whole second after it is due, with the others
 * due in that second, from one platform timer. Shorter timeouts (retries, throttles) and
 * intervals are the platform's. Ids of gathered timeouts are negative, so never a platform id.
 */
export function createCoalescedTimeouts(
  now: () => number = () => Date.now(),
): TimeoutProvider<ManagedTimerId> {
  const buckets = new Map<number, Bucket>();
  const bucketOf = new Map<number, number>();
  let lastId = 0;

  const fire = (due: number) => {
    const bucket = buckets.get(due);
    buckets.delete(due);
    if (!bucket) return;
    for (const [id, callback] of bucket.callbacks) {
      bucketOf.delete(id);
      callback();
    }
  };

  return {
    setTimeout(callback, delay) {
      if (!(delay >= COALESCE_FROM_MS) || !Number.isFinite(delay)) {
        return setTimeout(callback, delay);
      }
      const due = Math.ceil((now() + delay) / COALESCE_STEP_MS) * COALESCE_STEP_MS;
      let bucket = buckets.get(due);
      if (!bucket) {
        bucket = { timer: setTimeout(() => fire(due), due - now()), callbacks: new Map() };
        buckets.set(due, bucket);
      }
      lastId -= 1;
      bucket.callbacks.set(lastId, callback);
      bucketOf.set(lastId, due);
      return lastId;
    },
    clearTimeout(id) {
      if (id === undefined) return;
      if (typeof id !== 'number' || id >= 0) {
        clearTimeout(id as unknown as ReturnType<typeof setTimeout>);
        return;
      }
      const due = bucketOf.get(id);
      if (due === undefined) return;
      bucketOf.delete(id);
      const bucket = buckets.get(due);
      if (!bucket) return;
      bucket.callbacks.delete(id);
      if (bucket.callbacks.size === 0) {
        clearTimeout(bucket.timer);
        buckets.delete(due);
      }
    },
    setInterval: (callback, delay) => setInterval(callback, delay),
    clearInterval: (id) => clearInterval(id as unknown as ReturnType<typeof setInterval>),
  };
}
