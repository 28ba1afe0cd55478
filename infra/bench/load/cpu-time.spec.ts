import { cpuMsPerRequest, cpuSecondsOf } from './cpu-time';

/** Spins for at least `ms` milliseconds of wall time on this thread. */
function spin(ms: number): number {
  const end = performance.now() + ms;
  let turns = 0;
  while (performance.now() < end) turns += 1;
  return turns;
}

describe('cpu time of a process', () => {
  it("reads this process's CPU seconds, which grow while it works", () => {
    const before = cpuSecondsOf(process.pid);
    expect(before).toBeGreaterThan(0);
    spin(300);
    // Clock ticks are 10 ms: 300 ms of spinning shows as at least 200 ms on a busy machine.
    expect(cpuSecondsOf(process.pid) - before).toBeGreaterThanOrEqual(0.2);
  });

  it('divides the CPU time of a run by its requests', async () => {
    const { result, msPerRequest } = await cpuMsPerRequest(
      [process.pid],
      () => Promise.resolve(spin(300)),
      () => 10,
    );
    expect(result).toBeGreaterThan(0);
    expect(msPerRequest).toHaveLength(1);
    expect(msPerRequest[0]).toBeGreaterThanOrEqual(20);
  });

  it('fails for a process that does not exist', () => {
    expect(() => cpuSecondsOf(2 ** 30)).toThrow();
  });
});
