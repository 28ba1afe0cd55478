import { toast } from '../../components/ui/use-toast';

/** Update checks: every 30 s, 60 s and 5 minutes, and when the tab comes back (spec section 9). */
export const UPDATE_CHECK_INTERVALS_MS = [30_000, 60_000, 300_000] as const;
export const FIRST_UPDATE_TOAST_MS = 10_000;
export const SECOND_UPDATE_TOAST_MS = 15_000;
export const REFRESH_TOAST_MS = 3_000;

export type WorkerMessage = { type: 'SKIP_WAITING' } | { type: 'UPDATE_AVAILABLE' };

/** Applies a waiting worker: it is told to skip waiting; the page reloads on the controller change. */
export function applyUpdate(registration: ServiceWorkerRegistration): void {
  const message: WorkerMessage = { type: 'SKIP_WAITING' };
  registration.waiting?.postMessage(message);
  toast({
    title: 'Updating...',
    description: 'Wave will refresh in a moment.',
    duration: REFRESH_TOAST_MS,
  });
}

function announceUpdate(registration: ServiceWorkerRegistration, round: number): void {
  const action = (
    <button
      type="button"
      className="shrink-0 rounded-full bg-primary px-3 py-1 text-sm font-semibold text-primary-foreground"
      onClick={() => applyUpdate(registration)}
    >
      Update
    </button>
  );
  if (round === 0) {
    toast({
      title: 'Update available',
      description: 'A new version of Wave is ready.',
      duration: FIRST_UPDATE_TOAST_MS,
      action,
    });
  } else {
    toast({
      title: 'New Wave Available!',
      description: 'Refresh to get the latest version.',
      duration: SECOND_UPDATE_TOAST_MS,
      action,
    });
  }
}

/**
 * Registers /sw.js (states: installing, then installed). When a new worker
 * installs while one already controls the page, an update is waiting: the user
 * is told (twice at most) and applies it; the page reloads once when the new
 * worker takes control. Failures are only logged.
 */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return null;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.error('Service worker registration failed', error);
    return null;
  }

  let announced = 0;
  const waitingFound = () => {
    if (registration.waiting && navigator.serviceWorker.controller && announced < 2) {
      announceUpdate(registration, announced);
      announced += 1;
    }
  };
  waitingFound();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') waitingFound();
    });
  });
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === 'UPDATE_AVAILABLE') waitingFound();
  });

  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });

  const check = () => void registration.update().catch(() => undefined);
  for (const interval of UPDATE_CHECK_INTERVALS_MS) setInterval(check, interval);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  return registration;
}
