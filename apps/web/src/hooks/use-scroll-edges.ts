import type { RefObject } from 'react';
import { useEffect, useState } from 'react';

/** Whether a row that scrolls sideways has more to show before and after what is in view. */
export interface ScrollEdges {
  before: boolean;
  after: boolean;
}

/** Half a pixel either way: zoomed layouts report fractional scroll positions. */
const SLACK = 1;

export function scrollEdges(box: {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}): ScrollEdges {
  return {
    before: box.scrollLeft > SLACK,
    after: box.scrollLeft + box.clientWidth < box.scrollWidth - SLACK,
  };
}

/**
 * Follows a sideways-scrolling row's edges as it scrolls and resizes, so it can hint that there is
 * more (a fade on the side that goes on).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ before: false, after: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () =>
      setEdges((current) => {
        const next = scrollEdges(element);
        return next.before === current.before && next.after === current.after ? current : next;
      });
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);
  return edges;
}

/** A mask fading the row out on each side that has more. */
export function scrollFade({ before, after }: ScrollEdges): string | undefined {
  if (!before && !after) return undefined;
  return `linear-gradient(to right, ${before ? 'transparent' : 'black'}, black 2rem, black calc(100% - 2rem), ${after ? 'transparent' : 'black'})`;
}
