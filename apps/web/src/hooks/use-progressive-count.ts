import { startTransition, useEffect, useState } from 'react';

/**
 * Items drawn in the render that brings the list: none. That render is synchronous (TanStack
 * Query's answers reach React through `useSyncExternalStore`) and it is the first to run the
 * cards' code, compiling it: on Lighthouse's phone one card alone was a 450 ms task. Drawn in a
 * transition instead, React slices the work and lets input in. A list shows its loading rows
 * until its first step is drawn (components/tweet-list.tsx): rows giving way to nothing, then
 * to cards, would move the page (a layout shift of 0.9 on desktop, measured).
 */
export const FIRST_DRAWN = 0;
/** Items added per step after that: each step's commit (DOM, effects) stays a short task. */
export const DRAWN_PER_STEP = 3;

/**
 * How many of a list's `total` items to draw: `first` at once, then `step` more at a time, each
 * step a transition. A page of twenty posts drawn in one go is one long task (about 200 ms on a
 * phone here, 800 ms at Lighthouse's slowdown) that blocks taps; React draws a transition in
 * slices of a few milliseconds and lets input in between. Items added later (the next page) are
 * drawn the same way; items removed are dropped at once.
 *
 * `more` says whether the reader could soon see what is not drawn yet (the end of what is drawn
 * is near the viewport: hooks/use-near-viewport.ts). While it is false, drawing stops after the
 * first step: a phone shows three or four posts of a page of twenty, and the other cards' work
 * (about half of the page's main-thread time, measured) waits until the reader scrolls towards
 * them.
 */
export function useProgressiveCount(
  total: number,
  first = FIRST_DRAWN,
  step = DRAWN_PER_STEP,
  more = true,
): number {
  const [drawn, setDrawn] = useState(0);
  const shown = Math.min(total, Math.max(drawn, first));
  const wanted = more || shown < Math.max(first, step);
  useEffect(() => {
    if (wanted && shown < total) startTransition(() => setDrawn(Math.min(total, shown + step)));
  }, [shown, total, step, wanted]);
  return shown;
}
