import { cpuMsPerRequest, cpuSecondsOf } from './cpu-time';

/** Works until this process has used at least `ms` more milliseconds of CPU (not of wall time). */
function spin(ms: number): number {
  const start = process.cpuUsage();
  let turns = 0;
  for (;;) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return turns;
    turns += 1;
  }
}

describe('cpu time of a process', () => {
  it("reads this process's CPU seconds as the process itself counts them", () => {
    const before = cpuSecondsOf(process.pid);
    const counted = process.cpuUsage();
    expect(before).toBeGreaterThan(0);
    spin(300);
    const used = process.cpuUsage(counted);
    // /proc counts in clock ticks of 10 ms: two readings are each up to a tick behind.
    expect(cpuSecondsOf(process.pid) - before).toBeGreaterThanOrEqual(
      (used.user + used.system) / 1e6 - 0.03,
    );
  });

  it('divides the CPU time of a run by its requests', async () => {
    const { result, msPerRequest } = await cpuMsPerRequest(
      [process.pid],
      () => Promise.resolve(spin(300)),
      () => 10,
    );
    expect(result).toBeGreaterThan(0);
    expect(msPerRequest).toHaveLength(1);
    // 300 ms of CPU over 10 requests, less up to two ticks of reading.
    expect(msPerRequest[0]).toBeGreaterThanOrEqual(28);
  });

  it('fails for a process that does not exist', () => {
    expect(() => cpuSecondsOf(2 ** 30)).toThrow();
  });
});
