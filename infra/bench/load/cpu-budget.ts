import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks a second, as /proc reports CPU time (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** A process as `groupOf` sees it: its id, command line and whether this benchmark started it. */
export interface ProcessInfo {
  pid: number;
  command: string;
  /** True for this process and every process it started, directly or not. */
  ours: boolean;
}

/** CPU time used so far (ms): the whole machine's busy time (all cores) and each process's. */
export interface CpuMark<G extends string> {
  at: number;
  machine: number;
  processes: Map<number, { group: G | 'other'; ms: number }>;
}

/** Where CPU went between two marks (ms), by group; `other` is the machine's busy time left. */
export interface CpuSpent<G extends string> {
  wallMs: number;
  machineMs: number;
  byGroup: Record<G | 'other', number>;
}

/**
 * The machine's CPU time and every process's, each put in the group `groupOf` names (null:
 * `other`). The machine's time counts what no process is charged for too: the kernel's network
 * work (softirq) and interrupts, which on a loopback benchmark are a real part of a request.
 */
export function cpuMark<G extends string>(groupOf: (info: ProcessInfo) => G | null): CpuMark<G> {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
  const machine = (user! + nice! + system! + irq! + softirq! + steal!) * (1000 / TICKS);
  const parents = new Map<number, number>();
  const found = new Map<number, { command: string; ms: number }>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name (field 2) may hold spaces and parentheses: count from its closing one.
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      parents.set(Number(name), Number(after[1]));
      // utime and stime: fields 14 and 15 of the line, 12 and 13 after the name.
      found.set(Number(name), {
        command,
        ms: (Number(after[11]) + Number(after[12])) * (1000 / TICKS),
      });
    } catch {
      // gone meanwhile
    }
  }
  const ours = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = parents.get(at)) {
      if (at === process.pid) return true;
    }
    return false;
  };
  const processes = new Map<number, { group: G | 'other'; ms: number }>();
  for (const [pid, { command, ms }] of found) {
    processes.set(pid, { group: groupOf({ pid, command, ours: ours(pid) }) ?? 'other', ms });
  }
  return { at: performance.now(), machine, processes };
}

/**
 * CPU spent from one mark to the next, by group. A process that ended meanwhile (a pooled
 * connection closed when idle, say) loses its last moments to `other`.
 */
export function cpuSpent<G extends string>(
  from: CpuMark<G>,
  to: CpuMark<G>,
  groups: readonly G[],
): CpuSpent<G> {
  const byGroup = Object.fromEntries([...groups, 'other'].map((group) => [group, 0])) as Record<
    G | 'other',
    number
  >;
  for (const [pid, { group, ms }] of to.processes) {
    if (group !== 'other') byGroup[group] += ms - (from.processes.get(pid)?.ms ?? 0);
  }
  const machineMs = to.machine - from.machine;
  byGroup.other = machineMs - groups.reduce((sum, group) => sum + byGroup[group], 0);
  return { wallMs: to.at - from.at, machineMs, byGroup };
}
