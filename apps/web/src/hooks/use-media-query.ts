import { useCallback, useSyncExternalStore } from 'react';

/** The layout's breakpoints (Tailwind's): the left sidebar from md, the right one from lg. */
export const MEDIA = {
  md: '(min-width: 768px)',
  lg: '(min-width: 1024px)',
} as const;

/**
 * Whether a media query matches, following it as the window changes. Where there is no
 * matchMedia (jsdom, a very old engine) it answers `fallback`, so what CSS would show is drawn.
 */
export function useMediaQuery(query: string, fallback = true): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
