import { act, renderHook } from '@testing-library/react';
import { useDrawnLater } from './use-drawn-later';

describe('useDrawnLater', () => {
  it('is false for the first render and true once that is committed', async () => {
    const seen: boolean[] = [];
    renderHook(() => {
      const later = useDrawnLater();
      seen.push(later);
      return later;
    });
    expect(seen[0]).toBe(false);
    await act(async () => {});
    expect(seen.at(-1)).toBe(true);
  });
});
