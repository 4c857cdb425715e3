/// <reference lib="webworker" />
/**
 * The service worker. This first version only takes control promptly; the offline shell (precache,
 * navigation fallback, runtime caching) is built in the PWA work.
 */
declare let self: ServiceWorkerGlobalScope

self.addEventListener('install', () => {
  void self.skipWaiting()
})
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

export {}
