/** How long a read started ahead waits to be taken: after that, the page asks again. */
export const WARM_READ_TTL_MS = 10_000;

interface WarmRead {
  result: Promise<unknown>;
  startedAt: number;
}

const reads = new Map<string, WarmRead>();

/**
 * Starts a GET before the code that needs it has loaded (a `<link rel=preload>` for API reads),
 * and answers it (the one already started for the path, if any):
 * the first `api.get` of the same path within 10 s takes this answer instead of asking again,
 * and later ones ask as usual. A read nobody takes is dropped, so nothing read ahead outlives
 * the page load it was for.
 */
export function warmRead(path: string, read: () => Promise<unknown>): Promise<unknown> {
  const started = reads.get(path);
  if (started) return started.result;
  const result = read();
  // Taken or not, a failure here is the taker's to handle (or nobody's).
  result.catch(() => undefined);
  reads.set(path, { result, startedAt: Date.now() });
  setTimeout(() => {
    if (reads.get(path)?.result === result) reads.delete(path);
  }, WARM_READ_TTL_MS);
  return result;
}

/** The answer of a read started ahead for `path`, once; undefined when there is none. */
export function takeWarmRead<T>(path: string): Promise<T> | undefined {
  const read = reads.get(path);
  if (!read) return undefined;
  reads.delete(path);
  if (Date.now() - read.startedAt > WARM_READ_TTL_MS) return undefined;
  return read.result as Promise<T>;
}
