/**
 * The signed-in marker (docs/performance.md "The daily open"): one non-secret flag on this device that says
 * someone is signed in, so that the service worker answers `/` with Home's frame instead of Login before
 * any script has run. It holds no token, no account and no content — only that a session is there.
 *
 * It lives in Cache Storage, which the page and the service worker both reach without a script of the
 * app: the session machine (state/session/machine.ts) sets it when a session is in and removes it when the
 * session ends (logout, a kick, a refused refresh, a deleted account) or launch finds none. Never throws:
 * without Cache Storage (an insecure origin, a blocked store) there is no marker, and `/` stays Login.
 */
export const MARKER_CACHE = 'habor-session'
/** A path no route serves: the marker is only ever read from the cache. */
export const MARKER_URL = '/__habor/signed-in'

const store = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches)

/** Sets (true) or removes (false) the marker. */
export async function setSignedInMarker(on: boolean): Promise<void> {
  const cs = store()
  if (!cs) return
  try {
    if (!on) {
      await cs.delete(MARKER_CACHE)
      return
    }
    const cache = await cs.open(MARKER_CACHE)
    await cache.put(MARKER_URL, new Response('1', { headers: { 'content-type': 'text/plain' } }))
  } catch {
    // No Cache Storage here: no marker, so `/` opens on Login, as before.
  }
}

/** Whether the marker says someone is signed in on this device. */
export async function hasSignedInMarker(): Promise<boolean> {
  const cs = store()
  if (!cs) return false
  try {
    if (!(await cs.has(MARKER_CACHE))) return false
    return Boolean(await (await cs.open(MARKER_CACHE)).match(MARKER_URL))
  } catch {
    return false
  }
}
