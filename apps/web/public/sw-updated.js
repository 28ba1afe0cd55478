// Part of the service worker: the generated /sw.js imports it (vite.config.ts, Workbox's
// importScripts). When a new worker activates (after the page's SKIP_WAITING), it tells the
// pages it now controls, which reload onto it (src/app/pwa/service-worker.tsx). A first worker
// controls no page yet, so a first visit is never reloaded.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((pages) => {
      for (const page of pages) page.postMessage({ type: 'SW_UPDATED' });
    }),
  );
});
