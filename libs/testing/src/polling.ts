export interface WaitOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** Said when the wait times out. */
  what?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until `done` accepts its value, for effects that arrive a
 * moment later (events, queues, other services); throws with the last value
 * when time runs out.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(
        `Timed out waiting for ${options.what ?? 'a condition'}; last: ${JSON.stringify(value)}`,
      );
    }
    await sleep(options.intervalMs ?? 25);
  }
}

let sequence = 0;
/** A username nobody else in the run has (3–30 characters of [A-Za-z0-9_]). */
export const uniqueUsername = (prefix: string): string =>
  `${prefix}_${(sequence += 1)}_${Math.random().toString(36).slice(2, 6)}`.slice(0, 30);
