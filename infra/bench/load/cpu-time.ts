import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

/** The kernel's clock ticks per second, in which /proc reports CPU time (100 nearly always). */
function clockTicks(): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  return ticksPerSecond;
}

/**
 * CPU seconds a process has used so far, in user and kernel mode (Linux's /proc/{pid}/stat).
 * Per request, this is what a service costs whatever the machine's speed at the time: the
 * throughput of a run on a shared machine varies more than the work each request takes.
 */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses: count from its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

/** CPU milliseconds a process uses per request while `run` serves `requestsOf(result)` of them. */
export async function cpuMsPerRequest<T>(
  pids: readonly number[],
  run: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<{ result: T; msPerRequest: number[] }> {
  const before = pids.map(cpuSecondsOf);
  const result = await run();
  const requests = Math.max(1, requestsOf(result));
  const msPerRequest = pids.map((pid, index) =>
    Number((((cpuSecondsOf(pid) - (before[index] ?? 0)) * 1000) / requests).toFixed(3)),
  );
  return { result, msPerRequest };
}
