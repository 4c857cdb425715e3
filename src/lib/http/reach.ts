/**
 * Whether the API can be reached, beyond what `navigator.onLine` knows. School Wi-Fi often answers every
 * request with its own sign-in page (a captive portal): the device is "online", no `offline` event fires,
 * and the API's answers are HTML or a redirect elsewhere. The client reports such an answer here; until a
 * probe of the API answers with its JSON again (every 10 s at first, backing off to a minute), the app
 * says the Wi-Fi wants a sign-in, and what waits for the network waits. When the API answers again, a
 * `habor:reachable` event tells whatever waits to go on (as the browser's `online` event does).
 */
import { apiBase } from './texts'

export const REACHABLE_EVENT = 'habor:reachable'
/** The first probe's delay and the longest between probes. */
export const PROBE_FIRST_MS = 10_000
export const PROBE_MAX_MS = 60_000

type Listener = () => void
const listeners = new Set<Listener>()
let portal = false
let timer: ReturnType<typeof setTimeout> | undefined
let delay = PROBE_FIRST_MS

const emit = () => {
  for (const l of [...listeners]) l()
}

export function subscribeReach(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** True while the last answers came from a captive portal rather than the API. */
export const behindPortal = (): boolean => portal

/** The page's address, to resolve relative URLs (a fixed one where there is no page, as in Node). */
const pageAddress = (): string => globalThis.location?.href ?? 'http://localhost/'

/** Pure: does this response come from something between us and the API, rather than from the API? */
export function isPortalAnswer(requestUrl: string, res: { statusCode: number; header: Record<string, string>; url?: string }, base = pageAddress()): boolean {
  if (res.statusCode === 511) return true
  if (res.url) {
    try {
      if (new URL(res.url, base).origin !== new URL(requestUrl, base).origin) return true
    } catch {
      // An unreadable final URL says nothing.
    }
  }
  // The API always answers JSON; a proxy's own 5xx page is a server problem, not a sign-in page.
  const html = (res.header['content-type'] ?? '').toLowerCase().includes('text/html')
  return html && res.statusCode < 500
}

async function probe(): Promise<void> {
  timer = undefined
  let back = false
  try {
    const res = await fetch(`${apiBase()}/health`, { cache: 'no-store', redirect: 'manual', credentials: 'omit' })
    const type = res.headers.get('content-type') ?? ''
    back = res.status === 200 && type.includes('application/json')
  } catch {
    back = false
  }
  if (!portal) return
  if (back) reportReachable()
  else schedule()
}

function schedule(): void {
  if (timer !== undefined) return
  timer = setTimeout(() => void probe(), delay)
  delay = Math.min(PROBE_MAX_MS, Math.round(delay * 1.5))
}

/** An answer came from a portal: say so and start probing (once). */
export function reportPortal(): void {
  if (!portal) {
    portal = true
    delay = PROBE_FIRST_MS
    emit()
  }
  schedule()
}

/** The API answered: anything waiting may go on. */
export function reportReachable(): void {
  if (!portal) return
  portal = false
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  emit()
  if (typeof dispatchEvent === 'function') dispatchEvent(new Event(REACHABLE_EVENT))
}

/** For tests: forget everything. */
export function resetReach(): void {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  portal = false
  delay = PROBE_FIRST_MS
  listeners.clear()
}
