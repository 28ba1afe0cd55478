import { toast } from '../../components/ui/use-toast';
import type { DraftRegistry } from '../../lib/unsent-drafts';
import { unsentDrafts } from '../../lib/unsent-drafts';
import { whenPageMayReload } from './update-deferral';

/** Update checks: every 30 s, 60 s and 5 minutes, and when the tab comes back (spec section 9). */
export const UPDATE_CHECK_INTERVALS_MS = [30_000, 60_000, 300_000] as const;
export const FIRST_UPDATE_TOAST_MS = 10_000;
export const SECOND_UPDATE_TOAST_MS = 15_000;
export const REFRESH_TOAST_MS = 3_000;

/**
 * Between the page and the worker: the page says SKIP_WAITING (handled by the generated
 * /sw.js); the worker may say UPDATE_AVAILABLE, and says SW_UPDATED to the pages it controls
 * when it activates (public/sw-updated.js).
 */
export type WorkerMessage =
  { type: 'SKIP_WAITING' } | { type: 'UPDATE_AVAILABLE' } | { type: 'SW_UPDATED' };

/** Applies a waiting worker: it is told to skip waiting; the page reloads on the controller change. */
export function applyUpdate(registration: ServiceWorkerRegistration): void {
  const waiting = registration.waiting;
  if (!waiting) return;
  const message: WorkerMessage = { type: 'SKIP_WAITING' };
  waiting.postMessage(message);
  toast({
    title: 'Updating...',
    description: 'Wave will refresh in a moment.',
    duration: REFRESH_TOAST_MS,
  });
}

/**
 * The update waits for what the member is writing; they are told so, twice at most (the
 * spec's update toasts, without a button: updating at once would throw the text away).
 */
function announceDeferredUpdate(round: number): void {
  if (round === 0) {
    toast({
      title: 'Update available',
      description: 'A new version of Wave is ready. It loads once you send or clear your text.',
      duration: FIRST_UPDATE_TOAST_MS,
    });
  } else {
    toast({
      title: 'New Wave Available!',
      description: 'Wave will refresh once you send or clear your text.',
      duration: SECOND_UPDATE_TOAST_MS,
    });
  }
}

/** How long registration waits for an idle moment after the load event, at most. */
export const REGISTER_IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers the worker once the page has loaded and the main thread has a quiet moment (or after
 * REGISTER_IDLE_TIMEOUT_MS): installing it downloads and stores every file of the build, work
 * that otherwise competes with the first page's own files, code and drawing (web.dev's advice:
 * register after the load event). Nothing a first visit shows needs the worker.
 */
export function registerServiceWorkerAfterLoad(
  register: () => Promise<unknown> = registerServiceWorker,
): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) {
      window.requestIdleCallback(() => void register(), { timeout: REGISTER_IDLE_TIMEOUT_MS });
    } else {
      void register();
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * Registers /sw.js (states: installing, then installed) and keeps the page on the newest
 * worker by itself (spec: "the service worker is updated automatically"). When a new worker
 * installs while one already controls the page, the page tells it to skip waiting, and reloads
 * once when it takes control (controllerchange, or its SW_UPDATED). Neither happens while a
 * text box holds unsent text (`drafts`) in a visible page: both wait until the text is sent or
 * cleared, or the page is hidden. Failures are only logged.
 */
export async function registerServiceWorker(
  drafts: DraftRegistry = unsentDrafts,
): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return null;
  const container = navigator.serviceWorker;
  // The worker that served this page (none on a first visit or a forced reload): a page it
  // already runs under has no reason to reload when it speaks.
  const loadedUnder = container.controller;
  let registration: ServiceWorkerRegistration;
  try {
    registration = await container.register('/sw.js', { scope: '/' });
  } catch (error) {
    console.error('Service worker registration failed', error);
    return null;
  }

  let announced = 0;
  const deferred = () => {
    if (announced < 2) announceDeferredUpdate(announced++);
  };

  let applyDeferred = false;
  const waitingFound = () => {
    if (!registration.waiting || !container.controller) return;
    // Found again (a newer build, the worker's word) while the member is still writing.
    if (applyDeferred) return deferred();
    applyDeferred = true;
    const now = whenPageMayReload(drafts, () => {
      applyDeferred = false;
      applyUpdate(registration);
    });
    if (!now) deferred();
  };
  waitingFound();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') waitingFound();
    });
  });

  // Once per page: the reload brings up a page under the new worker, whose own messages
  // (from `loadedUnder` then) are ignored, so there is no loop.
  let reloadRequested = false;
  const newWorkerInControl = () => {
    if (!loadedUnder || reloadRequested) return;
    reloadRequested = true;
    if (!whenPageMayReload(drafts, () => window.location.reload())) deferred();
  };
  container.addEventListener('controllerchange', newWorkerInControl);
  container.addEventListener('message', (event: MessageEvent<WorkerMessage | null>) => {
    if (event.data?.type === 'UPDATE_AVAILABLE') waitingFound();
    else if (event.data?.type === 'SW_UPDATED' && event.source !== loadedUnder) {
      newWorkerInControl();
    }
  });

  const check = () => void registration.update().catch(() => undefined);
  for (const interval of UPDATE_CHECK_INTERVALS_MS) setInterval(check, interval);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  return registration;
}
