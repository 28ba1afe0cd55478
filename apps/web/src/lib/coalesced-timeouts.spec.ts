import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COALESCE_STEP_MS, createCoalescedTimeouts } from './coalesced-timeouts';

describe('createCoalescedTimeouts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(10_250);
  });
  afterEach(() => vi.useRealTimers());

  it('fires long timeouts due in the same second together, at the end of that second, from one platform timer', () => {
    const timers = createCoalescedTimeouts();
    const fired: string[] = [];
    const platform = vi.spyOn(globalThis, 'setTimeout');
    timers.setTimeout(() => fired.push('a'), 60_000);
    timers.setTimeout(() => fired.push('b'), 60_500);
    expect(platform).toHaveBeenCalledTimes(1);

    // Due at 70,250 and 70,750: both at 71,000, never early.
    vi.advanceTimersByTime(71_000 - 1 - Date.now());
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual(['a', 'b']);
    expect(Date.now()).toBe(71_000);
  });

  it('never fires early and at most one step late', () => {
    const timers = createCoalescedTimeouts();
    let firedAt = 0;
    timers.setTimeout(() => (firedAt = Date.now()), 5_000);
    vi.runAllTimers();
    expect(firedAt).toBeGreaterThanOrEqual(10_250 + 5_000);
    expect(firedAt).toBeLessThan(10_250 + 5_000 + COALESCE_STEP_MS);
  });

  it('leaves short timeouts to the platform, on time', () => {
    const timers = createCoalescedTimeouts();
    let firedAt = 0;
    const id = timers.setTimeout(() => (firedAt = Date.now()), 300);
    expect(Number(id)).toBeGreaterThan(0);
    vi.advanceTimersByTime(300);
    expect(firedAt).toBe(10_550);
  });

  it('cancels a gathered timeout without touching the others of its second; the last one cancelled stops the platform timer', () => {
    const timers = createCoalescedTimeouts();
    const fired: string[] = [];
    const a = timers.setTimeout(() => fired.push('a'), 2_000);
    const b = timers.setTimeout(() => fired.push('b'), 2_100);
    timers.clearTimeout(a);
    vi.runAllTimers();
    expect(fired).toEqual(['b']);

    const c = timers.setTimeout(() => fired.push('c'), 3_000);
    expect(vi.getTimerCount()).toBe(1);
    timers.clearTimeout(c);
    expect(vi.getTimerCount()).toBe(0);
    // Clearing again, or clearing nothing, is harmless.
    timers.clearTimeout(c);
    timers.clearTimeout(undefined);
    timers.clearTimeout(b);
  });

  it('cancels short timeouts and intervals through the platform', () => {
    const timers = createCoalescedTimeouts();
    const fired: string[] = [];
    const short = timers.setTimeout(() => fired.push('short'), 10);
    const interval = timers.setInterval(() => fired.push('tick'), 1_000);
    timers.clearTimeout(short);
    vi.advanceTimersByTime(2_000);
    timers.clearInterval(interval);
    vi.advanceTimersByTime(2_000);
    expect(fired).toEqual(['tick', 'tick']);
  });

  it('runs a timeout set while its second fires in a later second', () => {
    const timers = createCoalescedTimeouts();
    const fired: number[] = [];
    timers.setTimeout(() => {
      fired.push(Date.now());
      timers.setTimeout(() => fired.push(Date.now()), 1_000);
    }, 1_000);
    vi.runAllTimers();
    expect(fired).toEqual([12_000, 13_000]);
  });
});
