import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then(({ Toaster: toaster }) => ({ default: toaster })));

/** How long after the page is idle the toasts' code is fetched anyway (ms, at most). */
export const TOASTER_PREFETCH_TIMEOUT_MS = 3_000;

/**
 * The app's toasts, their code out of the entry: Radix's toast is 11 KB that no first paint
 * needs. It is drawn from the first toast on (the toasts wait in their store meanwhile), and its
 * code is fetched when the page is first idle, so that a toast does not wait for the network,
 * offline included (the service worker keeps it too).
 */
export function ToasterOnDemand() {
  const toasts = useToasts();
  const [shown, setShown] = useState(false);
  if (!shown && toasts.length > 0) setShown(true);

  useEffect(() => {
    const prefetch = () => void loadToaster().catch(() => undefined);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(prefetch, 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(prefetch, { timeout: TOASTER_PREFETCH_TIMEOUT_MS });
    return () => cancelIdleCallback(idle);
  }, []);

  return shown ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
