import { act, renderHook } from '@testing-library/react';
import { useProgressiveCount } from './use-progressive-count';

describe('useProgressiveCount', () => {
  it('draws the first few at once and the rest a step at a time after', async () => {
    const drawn: number[] = [];
    renderHook(() => {
      const count = useProgressiveCount(20, 3, 5);
      drawn.push(count);
      return count;
    });
    // The first render already shows the first three, not nothing.
    expect(drawn[0]).toBe(3);
    await act(async () => {});
    expect(drawn.at(-1)).toBe(20);
    // Every step added at most five.
    const steps = drawn.slice(1).map((count, index) => count - (drawn[index] ?? 0));
    expect(Math.max(...steps)).toBeLessThanOrEqual(5);
    expect(new Set(drawn)).toEqual(new Set([3, 8, 13, 18, 20]));
  });

  it('by default draws nothing in the render that brings the list, then three at a time', async () => {
    const drawn: number[] = [];
    renderHook(() => {
      const count = useProgressiveCount(7);
      drawn.push(count);
      return count;
    });
    expect(drawn[0]).toBe(0);
    await act(async () => {});
    expect(new Set(drawn)).toEqual(new Set([0, 3, 6, 7]));
  });

  it('never draws more than there are, and follows a list that grows or shrinks', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), {
      initialProps: { total: 2 },
    });
    await act(async () => {});
    expect(result.current).toBe(2);

    rerender({ total: 30 });
    await act(async () => {});
    expect(result.current).toBe(30);

    rerender({ total: 7 });
    expect(result.current).toBe(7);
  });

  it('draws nothing for an empty list, then all of it, a step at a time, when it fills', async () => {
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), {
      initialProps: { total: 0 },
    });
    expect(result.current).toBe(0);
    rerender({ total: 20 });
    await act(async () => {});
    expect(result.current).toBe(20);
  });

  it('stops after the first step while the rest is not wanted, and goes on when it is', async () => {
    const { result, rerender } = renderHook(
      ({ more }) => useProgressiveCount(20, undefined, undefined, more),
      { initialProps: { more: false } },
    );
    await act(async () => {});
    // One step (three), then nothing more while the end of what is drawn is far from view.
    expect(result.current).toBe(3);
    rerender({ more: true });
    await act(async () => {});
    expect(result.current).toBe(20);
  });
});
