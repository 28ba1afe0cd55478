/**
 * Jest global teardown: stops what the global setup started, if anything (containers, the
 * in-process s3rver and its directory). Each is taken off the list, so a run of several
 * projects sharing the setup stops each once.
 */
export default async function globalTeardown(): Promise<void> {
  const started =
    (globalThis as { __waveTestContainers?: { stop(): Promise<unknown> }[] })
      .__waveTestContainers ?? [];
  const stopping = started.splice(0);
  const results = await Promise.allSettled(stopping.map((resource) => resource.stop()));
  const failures = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  if (failures.length > 0) throw new AggregateError(failures, 'Test infrastructure did not stop');
}
