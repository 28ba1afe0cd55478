import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const loadToaster = async (): Promise<ComponentType> => (await import('./toaster')).Toaster;

/** How long after the page is idle the toasts' code is fetched anyway (ms, at most). */
export const TOASTER_PREFETCH_TIMEOUT_MS = 3_000;

/**
 * The app's toasts, their code out of the entry: Radix's toast is 11 KB that no first paint
 * needs. Its code is fetched when the page is first idle, so that a toast does not wait for the
 * network (offline included: the service worker keeps it too), and drawn from the first toast on
 * (the toasts wait in their store meanwhile). A fetch that fails breaks nothing: it is tried again
 * at the next toast.
 */
export function ToasterOnDemand({ load = loadToaster }: { load?: () => Promise<ComponentType> }) {
  const toasts = useToasts();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const [shown, setShown] = useState(false);
  if (!shown && toasts.length > 0) setShown(true);

  useEffect(() => {
    if (Toaster || (toasts.length === 0 && shown)) return undefined;
    let cancelled = false;
    const fetchCode = () => {
      load().then(
        (component) => {
          if (!cancelled) setToaster(() => component);
        },
        (error: unknown) => console.debug('The toasts could not be loaded', error),
      );
    };
    // A toast waiting: at once (again at each new toast while the code is missing).
    if (toasts.length > 0) {
      fetchCode();
      return () => {
        cancelled = true;
      };
    }
    // None yet: when the page is first idle.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(fetchCode, 0);
      return () => {
        cancelled = true;
        clearTimeout(timer);
      };
    }
    const idle = requestIdleCallback(fetchCode, { timeout: TOASTER_PREFETCH_TIMEOUT_MS });
    return () => {
      cancelled = true;
      cancelIdleCallback(idle);
    };
  }, [Toaster, toasts, shown, load]);

  return Toaster && shown ? <Toaster /> : null;
}
