import { act, renderHook } from '@testing-library/react';
import { dismissToast, resetToasts, toast, TOAST_REMOVE_DELAY, useToasts } from './use-toast';

describe('toasts', () => {
  beforeEach(() => resetToasts());

  it('shows one toast at a time, the newest', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'Post sent!' });
      toast({ title: 'Post deleted!' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]?.title).toBe('Post deleted!');
  });

  it('closes a dismissed toast at once and removes it after 1,000,000 ms', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    let id = '';
    act(() => {
      id = toast({ title: 'Retweeted!' });
    });
    act(() => {
      dismissToast(id);
    });
    expect(result.current[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    });
    expect(result.current).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toHaveLength(0);
    vi.useRealTimers();
  });
});
