/// <reference lib="webworker" />
/**
 * The service worker: the offline shell for phones on flaky school networks.
 * - Precache: the shell (index.html, entry JS/CSS), every page chunk, icons and the manifest; mqtt.js is
 *   cached on first use instead.
 * - The daily open: while the signed-in marker is there, each login-only page (`/home`, `/settings`, …)
 *   gets its own precached frame at once, in the reader's language, and `/` Home's (docs/performance.md
 *   "The daily open"); without
 *   the marker they get the shell, which opens on Login; other navigations to app routes: network first, but a network that has not answered within 3 s loses to the
 *   cached copy; with neither, the precached shell renders and the page shows its own offline state.
 *   Never for /api, /mqtt or /oidc.
 * - Runtime caches: images (cache first) and share-page data (stale-while-revalidate), bounded.
 * - Updates wait until the page says so (the "new version available" prompt), then take over every tab.
 * - Web Push: notifications, their click routing and the unread badge (sw/push.ts).
 */
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { LANGS } from '../manifest/app'
import { frameUrl, PAGES } from '../manifest/pages'
import { frameRowsHtml } from '../src/start/lib/homeRows'
import { readSignedIn, type FrameRows } from '../src/start/lib/signedInMarker'
import { listenForPush } from './push'

declare let self: ServiceWorkerGlobalScope

const SW_MESSAGES = { skipWaiting: 'SKIP_WAITING' } as const
/** The tag the app's outbox registers (src/lib/outbox/outbox.ts). */
const OUTBOX_SYNC_TAG = 'outbox'

const SHELL_URL = '/index.html'
/** Paths the shell must never answer: the API, the live channel and the sign-in provider. */
const NOT_APP = [/^\/api(\/|$)/, /^\/mqtt(\/|$)/, /^\/oidc(\/|$)/, /^\/sw\.js$/, /^\/assets\//]

/** Home's path (docs/performance.md "The daily open"): its frame is precached with this version's scripts. */
const FRAME_URL = '/home'
/** The login-only pages, each with a frame per language precached (manifest/pages.ts frameUrl, vite.config.ts). */
const FRAMED = new Set<string>(PAGES.filter((page) => page.access === 'login').map((page) => page.path))

/** The page whose frame a navigation to `pathname` paints on a signed-in open, if any ('/' is Home's). */
function frameFor(pathname: string): string | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (clean === '/') return FRAME_URL
  return FRAMED.has(clean) ? clean : undefined
}

/** Home's frame with these rows written into its lists (Home's own row markup: src/start/lib/homeRows.ts). */
async function fillFrame(frame: Response, rows: FrameRows | null): Promise<Response> {
  if (!rows) return frame
  const html = (await frame.text()).replace(/(<ul class="hs-list" data-frame-list="(reading|works|tasks)">)[\s\S]*?(<\/ul>)/g, (whole, open: string, id: keyof FrameRows, close: string) =>
    rows[id].length === 0 ? whole : open + frameRowsHtml(rows[id]) + close,
  )
  // Its Content-Security-Policy and caching stay; its length and encoding were those of the stored copy.
  const headers = new Headers(frame.headers)
  headers.delete('content-length')
  headers.delete('content-encoding')
  return new Response(html, { status: frame.status, statusText: frame.statusText, headers })
}

// The daily open: a login-only page (`/home`, `/settings`, `/task?id=…`, …) and `/`, while the signed-in
// marker says someone is signed in (src/start/lib/signedInMarker.ts), are that page's frame at once, in
// the language the marker keeps — Home's for `/`, with the rows Home last listed for that account. Without
// the marker they are the shell, which opens on Login: a signed-out open never paints a login-only page.
// Registered before the precache's route, which would answer them from its copies as they are.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && frameFor(url.pathname) !== undefined,
  async (options) => {
    const path = frameFor(options.url.pathname) ?? FRAME_URL
    // What the marker says and the page's frame in each language, read at once: a cache lookup is cheap,
    // a second round trip after the marker's answer would not be.
    const [session, ...frames] = await Promise.all([readSignedIn(), ...LANGS.map((lang) => matchPrecache(frameUrl(path, lang)))])
    if (session === null) return (await matchPrecache(SHELL_URL)) ?? navigate(options)
    const frame = frames[LANGS.indexOf(session.lang)]
    const page = frame && (path === FRAME_URL ? await fillFrame(frame, session.rows) : frame)
    return page ?? navigate(options)
  },
)

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

const PAGES_CACHE = 'habor-pages'
/** A flaky network gets this long to answer a navigation before the cached copy or the shell is shown. */
const NAVIGATION_TIMEOUT_MS = 3000
const pagesExpiration = new CacheExpiration(PAGES_CACHE, { maxEntries: 40, maxAgeSeconds: 7 * 24 * 3600 })

/**
 * Network first, but never longer than 3 s: then the page as cached on an earlier visit, else the
 * precached shell (which renders every route itself). The network's answer still refreshes the cache.
 */
async function navigate({ request, event }: { request: Request; event: ExtendableEvent }): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE)
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') {
      await cache.put(request, response.clone())
      await pagesExpiration.updateTimestamp(request.url)
      await pagesExpiration.expireEntries()
    }
    return response
  })
  event.waitUntil(network.then(() => undefined, () => undefined))
  const late = new Promise<'late'>((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS, 'late'))
  try {
    const first = await Promise.race([network, late])
    if (first !== 'late') return first
  } catch {
    // Offline: answer from the cache.
  }
  return (await cache.match(request)) ?? (await matchPrecache(SHELL_URL)) ?? network
}

registerRoute(new NavigationRoute(navigate, { denylist: NOT_APP }))

registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: 'habor-images',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
)

// Code left out of the precache (mqtt.js): hashed, so cached for good once fetched.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.destination === 'script' && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'habor-code', plugins: [new ExpirationPlugin({ maxEntries: 20, purgeOnQuotaError: true })] }),
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

// Background Sync: the connection is back while writes wait in the app's outbox. The worker never holds
// the student's tokens, so it only wakes the open pages, which send with their own session.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}
// The WebWorker library does not type the 'sync' event yet.
;(self as unknown as EventTarget).addEventListener('sync', (e) => {
  const event = e as SyncEvent
  if (event.tag !== OUTBOX_SYNC_TAG) return
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'sync-fired' })
    }),
  )
})

// Pages cached by an earlier version name that version's hashed scripts, which its precache no longer
// holds once this one activates: offline, such a page would paint and never start. Drop them; the
// precached shell answers until the network refreshes them.
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(PAGES_CACHE).then(() => self.clients.claim()))
})

listenForPush(self)
