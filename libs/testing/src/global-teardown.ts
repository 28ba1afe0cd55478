/** Jest global teardown: stops the containers the global setup started, if any. */
export default async function globalTeardown(): Promise<void> {
  const containers =
    (globalThis as { __waveTestContainers?: { stop(): Promise<unknown> }[] })
      .__waveTestContainers ?? [];
  await Promise.all(containers.map((container) => container.stop()));
}
