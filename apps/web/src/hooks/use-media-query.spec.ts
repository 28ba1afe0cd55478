import { act, renderHook } from '@testing-library/react';
import { useMediaQuery } from './use-media-query';

/** A window whose width the test sets: matchMedia answers min-width queries against it. */
function installMatchMedia(width: { value: number }) {
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return {
      get matches() {
        return width.value >= min;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    };
  });
  return () => listeners.forEach((listener) => listener());
}

describe(useMediaQuery.name, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the query as the window changes', () => {
    const width = { value: 390 };
    const resize = installMatchMedia(width);
    const { result } = renderHook(() => useMediaQuery('(min-width: 1024px)'));
    expect(result.current).toBe(false);
    width.value = 1280;
    act(() => resize());
    expect(result.current).toBe(true);
  });

  it('answers the fallback where there is no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(renderHook(() => useMediaQuery('(min-width: 1024px)')).result.current).toBe(true);
    expect(renderHook(() => useMediaQuery('(min-width: 1024px)', false)).result.current).toBe(
      false,
    );
  });
});
