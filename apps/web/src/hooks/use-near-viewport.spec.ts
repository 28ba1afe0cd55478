import { act, renderHook } from '@testing-library/react';
import { NEAR_MARGIN, useNearViewport } from './use-near-viewport';

describe('useNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("follows the observer's word for the element given, a viewport's height around", () => {
    const observers: {
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
      observed: Element[];
      disconnected: boolean;
    }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly record;
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = { callback, options, observed: [] as Element[], disconnected: false };
          observers.push(this.record);
        }
        observe(element: Element) {
          this.record.observed.push(element);
        }
        disconnect() {
          this.record.disconnected = true;
        }
      },
    );
    const { result, unmount } = renderHook(() => useNearViewport());
    expect(result.current[1]).toBe(false);
    const element = document.createElement('div');
    act(() => result.current[0](element));
    expect(observers).toHaveLength(1);
    expect(observers[0]?.options?.rootMargin).toBe(NEAR_MARGIN);
    expect(observers[0]?.observed).toEqual([element]);

    const report = (isIntersecting: boolean) =>
      act(() =>
        observers[0]?.callback(
          [{ isIntersecting } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
    report(true);
    expect(result.current[1]).toBe(true);
    report(false);
    expect(result.current[1]).toBe(false);
    // An element taken away is not near: one given back waits for the observer's word.
    report(true);
    act(() => result.current[0](null));
    expect(result.current[1]).toBe(false);
    expect(observers[0]?.disconnected).toBe(true);

    unmount();
  });

  it('holds nothing back in a browser without IntersectionObserver, unless told to', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { result } = renderHook(() => useNearViewport());
    act(() => result.current[0](document.createElement('div')));
    expect(result.current[1]).toBe(true);
    const { result: held } = renderHook(() => useNearViewport('400px 0px', false));
    act(() => held.current[0](document.createElement('div')));
    expect(held.current[1]).toBe(false);
  });
});
