import type { RefObject } from 'react';
import { useEffect, useRef } from 'react';

/**
 * Calls `onOutsidePress` when a pointer goes down outside every element of
 * `refs` (a dropdown and what opens it), while `enabled`.
 */
export function useOutsidePress(
  refs: readonly RefObject<HTMLElement | null>[],
  enabled: boolean,
  onOutsidePress: () => void,
): void {
  const latest = useRef({ refs, onOutsidePress });
  useEffect(() => {
    latest.current = { refs, onOutsidePress };
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Node)) return;
      const inside = latest.current.refs.some((ref) => ref.current?.contains(target));
      if (!inside) latest.current.onOutsidePress();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [enabled]);
}
