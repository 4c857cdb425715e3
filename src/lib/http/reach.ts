/**
 * Whether the API can be reached, beyond what `navigator.onLine` knows (docs/offline.md "Cut off").
 * School Wi-Fi often answers every request with its own sign-in page (a captive portal): the device is
 * "online", no `offline` event fires, and the API's answers are HTML, a 511, or a redirect elsewhere. A
 * redirect to another origin is blocked by the CSP's connect-src, and on HTTPS a portal can only break
 * TLS: both reach the app as a bare network failure, as a refused connection or a server that is down do.
 *
 * So there are three states: `ok`; `portal` (an answer came from a sign-in page); `cut-off` (calls fail at
 * the network level; the Wi-Fi may want a sign-in, or the server cannot be reached). While not `ok`, the
 * API's `/health` is probed every few seconds (at once on entering, and on the `online` event); a probe
 * that meets a redirect, HTML or a 511 names the portal. When the API answers again, a `habor:reachable`
 * event tells whatever waits (pages, the outbox) to go on, as the browser's `online` event does.
 */
import { apiBase } from './texts'

export const REACHABLE_EVENT = 'habor:reachable'
/** Between two probes while cut off: a page recovers within this plus one probe of the API answering again. */
export const PROBE_EVERY_MS = 3_000
/** A probe that has no answer by then counts as none (a portal may swallow requests). */
export const PROBE_TIMEOUT_MS = 3_000

export type Reach = 'ok' | 'portal' | 'cut-off'

type Listener = () => void
const listeners = new Set<Listener>()
let state: Reach = 'ok'
let timer: ReturnType<typeof setTimeout> | undefined
let probing = false
let watchingOnline = false

const emit = () => {
  for (const l of [...listeners]) l()
}

export function subscribeReach(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const reachState = (): Reach => state

/** True while the last answers came from a captive portal rather than the API. */
export const behindPortal = (): boolean => state === 'portal'

/** The page's address, to resolve relative URLs (a fixed one where there is no page, as in Node). */
const pageAddress = (): string => globalThis.location?.href ?? 'http://localhost/'

const browserOffline = (): boolean => globalThis.navigator?.onLine === false

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

/** What one probe of `/health` found: the API, a sign-in page, or nothing. */
async function probeOnce(): Promise<'api' | 'portal' | 'none'> {
  const ctl = new AbortController()
  const t = setTimeout(() => ctl.abort(), PROBE_TIMEOUT_MS)
  try {
    // `manual`: a redirect is not followed (the CSP would block it) but seen, as an opaque redirect.
    const res = await fetch(`${apiBase()}/health`, { cache: 'no-store', redirect: 'manual', credentials: 'omit', signal: ctl.signal })
    if (res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400)) return 'portal'
    const type = (res.headers.get('content-type') ?? '').toLowerCase()
    if (res.status === 200 && type.includes('application/json')) return 'api'
    if (res.status === 511 || (type.includes('text/html') && res.status < 500)) return 'portal'
    return 'none'
  } catch {
    return 'none'
  } finally {
    clearTimeout(t)
  }
}

async function probe(): Promise<void> {
  timer = undefined
  if (state === 'ok' || probing) return
  // The browser knows there is no network: nothing to ask until it comes back (the `online` event, or the next turn).
  if (browserOffline()) return schedule()
  probing = true
  const found = await probeOnce()
  probing = false
  // The state may have moved while the probe was out (a call of the API answered).
  if (reachState() === 'ok') return
  if (found === 'api') return reportReachable()
  if (found === 'portal' && state !== 'portal') {
    state = 'portal'
    emit()
  }
  schedule()
}

function schedule(delay = PROBE_EVERY_MS): void {
  if (timer !== undefined || state === 'ok') return
  timer = setTimeout(() => void probe(), delay)
}

function onOnline(): void {
  if (state === 'ok') return
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  void probe()
}

function enter(next: Exclude<Reach, 'ok'>): void {
  if (!watchingOnline && typeof addEventListener === 'function') {
    addEventListener('online', onOnline)
    watchingOnline = true
  }
  const entering = state === 'ok'
  if (state !== next) {
    state = next
    emit()
  }
  // The first probe goes at once: it can tell a redirecting sign-in page from a server that is down.
  if (entering) schedule(0)
  else schedule()
}

/** An answer came from a portal: say so and start probing (once). */
export function reportPortal(): void {
  enter('portal')
}

/**
 * A call got no answer at all (not a time-out: a failure at the network level). While the browser says it
 * is online this is the cut-off state; offline, the probe waits for the network and then checks the API
 * itself, so nothing depends on the `online` event alone.
 */
export function reportCutOff(): void {
  // A sign-in page already seen stays the better explanation.
  enter(state === 'portal' ? 'portal' : 'cut-off')
}

/** The API answered: anything waiting may go on. */
export function reportReachable(): void {
  if (state === 'ok') return
  state = 'ok'
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  emit()
  if (typeof dispatchEvent === 'function') dispatchEvent(new Event(REACHABLE_EVENT))
}

/** For tests: forget everything. */
export function resetReach(): void {
  if (timer !== undefined) clearTimeout(timer)
  timer = undefined
  state = 'ok'
  probing = false
  listeners.clear()
  if (watchingOnline && typeof removeEventListener === 'function') removeEventListener('online', onOnline)
  watchingOnline = false
}
