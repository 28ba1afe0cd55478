import { nextTask, runInTasks } from './in-tasks';

describe('runInTasks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs each step in a task of its own after the current one, in order', async () => {
    const ran: string[] = [];
    const done = runInTasks([
      () => {
        ran.push('a');
        // Queued by the first step: it runs before the next step, which has a task of its own.
        setTimeout(() => ran.push('timer'), 0);
      },
      () => ran.push('b'),
    ]);
    // A microtask is not a task: nothing has run.
    await Promise.resolve();
    expect(ran).toEqual([]);
    await done;
    expect(ran).toEqual(['a', 'timer', 'b']);
  });

  it('stops at a step that throws, and says why', async () => {
    const ran: string[] = [];
    await expect(
      runInTasks([
        () => ran.push('a'),
        () => {
          throw new Error('broken');
        },
        () => ran.push('c'),
      ]),
    ).rejects.toThrow('broken');
    expect(ran).toEqual(['a']);
  });
});

describe('nextTask', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldMock = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldMock });
    await nextTask();
    expect(yieldMock).toHaveBeenCalledTimes(1);
  });

  it('else waits for a zero timeout', async () => {
    vi.useFakeTimers();
    try {
      let resolved = false;
      const next = nextTask().then(() => {
        resolved = true;
      });
      await Promise.resolve();
      expect(resolved).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      await next;
      expect(resolved).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
