import type { ChildProcess } from 'node:child_process';

export interface SupervisorOptions {
  log: (line: string) => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  stableAfterMs?: number;
  killAfterMs?: number;
}

export declare class Supervisor {
  constructor(options: SupervisorOptions);
  add(name: string, start: () => ChildProcess, onStart?: (child: ChildProcess) => void): void;
  restartsOf(name: string): number;
  childOf(name: string): ChildProcess | null;
  children(): ChildProcess[];
  readonly stopping: boolean;
  stop(): Promise<void>;
}
