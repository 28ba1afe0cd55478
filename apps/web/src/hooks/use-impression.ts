import type { RefCallback } from 'react';
import { createContext, useCallback, useContext } from 'react';
import type { ImpressionObserver } from '../lib/impression-reporter';

/** The tab's impression reporter (the app provides one; without it nothing is reported). */
export const ImpressionContext = createContext<ImpressionObserver | null>(null);

/**
 * A ref for the element that shows post `id`: the post is reported as seen once it has been at
 * least half on screen for a second (see lib/impression-reporter.ts).
 */
export function useImpression(id: string): RefCallback<HTMLElement> {
  const reporter = useContext(ImpressionContext);
  return useCallback(
    (element: HTMLElement | null) => {
      if (!element || !reporter) return undefined;
      return reporter.observe(element, id);
    },
    [reporter, id],
  );
}
