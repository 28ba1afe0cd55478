/** How long one collector may take before its series are left out of a scrape. */
export const COLLECT_TIMEOUT_MS = 2_000;

/**
 * Runs a collector's query with a deadline: resolves with its answer, or with null when it
 * failed or took too long (a datastore down must not hang or fail the whole scrape: the series
 * go missing for that scrape, which is what absent-series alerts watch).
 */
export async function collectOrNull<T>(
  work: () => Promise<T>,
  timeoutMs = COLLECT_TIMEOUT_MS,
): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work(),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
        timer.unref();
      }),
    ]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
