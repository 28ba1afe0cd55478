import { startTransition, useEffect, useState } from 'react';

/** Cards drawn at once when a list first shows: more than a phone or a laptop shows above the fold. */
export const FIRST_DRAWN = 3;
/** Cards added per slice after that: each slice's commit (DOM, effects) stays a short task. */
export const DRAWN_PER_STEP = 3;

/**
 * How many of a list's `total` items to draw: the first `first` at once, the rest in a
 * transition. A page of twenty posts drawn in one go is one long task (about 200 ms on a phone
 * here, 800 ms at Lighthouse's slowdown) that blocks taps; React draws a transition in slices
 * of a few milliseconds and lets input in between, so only the cards above the fold are on the
 * critical path. Items added later (the next page) are drawn the same way; items removed are
 * dropped at once.
 */
export function useProgressiveCount(
  total: number,
  first = FIRST_DRAWN,
  step = DRAWN_PER_STEP,
): number {
  const [drawn, setDrawn] = useState(0);
  const shown = Math.min(total, Math.max(drawn, first));
  useEffect(() => {
    if (shown < total) startTransition(() => setDrawn(Math.min(total, shown + step)));
  }, [shown, total, step]);
  return shown;
}
