import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How far below (and above) the viewport an element still counts as near: one viewport's height,
 * so that what is drawn when it comes near is ready before a reader scrolling at a normal pace
 * reaches it.
 */
export const NEAR_MARGIN = '100% 0px';

/**
 * Whether the element given to the answered ref is within `margin` of the viewport (an
 * IntersectionObserver, so nothing runs on scroll; by default a viewport's height). Without an
 * element it is not near; in a browser without IntersectionObserver it is `withoutObserver`
 * (by default near: nothing is held back).
 */
export function useNearViewport(
  margin: string = NEAR_MARGIN,
  withoutObserver = true,
): [(element: HTMLElement | null) => void, boolean] {
  const observer = useRef<IntersectionObserver | null>(null);
  const [near, setNear] = useState(false);

  useEffect(() => () => observer.current?.disconnect(), []);

  const ref = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) {
        setNear(false);
        return;
      }
      if (typeof IntersectionObserver === 'undefined') {
        setNear(withoutObserver);
        return;
      }
      observer.current = new IntersectionObserver(
        (entries) => {
          const entry = entries.at(-1);
          if (entry) setNear(entry.isIntersecting);
        },
        { rootMargin: margin },
      );
      observer.current.observe(element);
    },
    [margin, withoutObserver],
  );

  return [ref, near];
}
