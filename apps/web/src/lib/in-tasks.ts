/** The browser's task scheduler where it has one (Chromium 129 and later). */
interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a task of its own: where the browser has `scheduler.yield`, ahead of timers and
 * other ordinary tasks (input still goes first), else after a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `steps` in order, each in a task of its own after the current one, so that a start made
 * of several pieces of work is several short tasks the browser can answer input between, not one
 * long one. A step that throws stops the rest, and the promise rejects with its error.
 */
export async function runInTasks(steps: readonly (() => void)[]): Promise<void> {
  for (const step of steps) {
    await nextTask();
    step();
  }
}
