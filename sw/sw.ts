/// <reference lib="webworker" />
/**
 * The service worker: the offline shell for phones on flaky school networks.
 * - Precache: the shell (index.html, entry JS/CSS), every page chunk, icons and the manifest.
 * - Navigations to app routes: network first, but a network that has not answered within 3 s loses to the
 *   cached copy; with neither, the precached shell renders and the page shows its own offline state.
 *   Never for /api, /mqtt or /oidc.
 * - Runtime caches: images (cache first) and share-page data (stale-while-revalidate), bounded.
 * - Updates wait until the page says so (the "new version available" prompt), then take over every tab.
 */
import { ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'

declare let self: ServiceWorkerGlobalScope

const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING' } as const

const SHELL_URL = '/index.html'
/** Paths the shell must never answer: the API, the live channel and the sign-in provider. */
const NOT_APP = [/^\/api(\/|$)/, /^\/mqtt(\/|$)/, /^\/oidc(\/|$)/, /^\/sw\.js$/, /^\/assets\//]

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

const pages = new NetworkFirst({
  cacheName: 'habor-pages',
  networkTimeoutSeconds: 3,
  plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 })],
})

registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        const response = await pages.handle(options)
        if (response) return response
      } catch {
        // Offline and not cached: fall through to the shell.
      }
      return (await matchPrecache(SHELL_URL)) ?? Response.error()
    },
    { denylist: NOT_APP },
  ),
)

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: 'habor-images',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
)

// Share pages' data and media: readable offline after one visit, refreshed in the background.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && /^\/api\/(content|share|report|sound|download)\//.test(url.pathname),
  new StaleWhileRevalidate({
    cacheName: 'habor-content',
    plugins: [new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true })],
  }),
)

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(SHELL_URL)) ?? Response.error()
  return Response.error()
})

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: string } | null)?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting()
})

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})
