import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first render, true right after, drawn as a transition: for what a page
 * shows beside its content (a sidebar), so that the content is drawn and painted first, and the
 * rest is drawn in slices that let input in, rather than all in one long task.
 */
export function useDrawnLater(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    startTransition(() => setLater(true));
  }, []);
  return later;
}
