/**
 * Token refresh of docs/product.md and docs/contract.md: on a 401 exactly one GET /refresh runs, in this tab and across
 * the tabs of this browser (a Web Lock serialises them; the winner's tokens reach the others through
 * storage and a BroadcastChannel). Everything that fails or starts meanwhile waits for it. A refused
 * refresh ends the session once; a network error keeps it (bluesky treats that as transient too).
 */
import { API } from '../../contract/api'
import { ACCOUNT_DISABLED_REASON, CODE, SIGNED_IN_ELSEWHERE, TOKEN_CODES } from '../../contract/codes'
import { isRecord } from '../../contract/guards'
import { httpConfig, type SessionEnding } from './config'
import { errors, type RequestError } from './errors'
import { fetchTransport, type WireResponse } from './transport'
import { baseHeaders, urlOf } from './headers'
import { isPortalAnswer, reportPortal } from './reach'
import { apiBase, httpText } from './texts'

export type RefreshResult =
  | { outcome: 'refreshed'; token: string; refreshToken: string }
  | { outcome: 'refused'; code: number; statusCode: number; ending?: Exclude<SessionEnding, 'expired'> }
  | { outcome: 'failed'; error: RequestError }

/** docs/product.md "Timing and limits": the expiry message is debounced 1000 ms. */
export const EXPIRED_DEBOUNCE_MS = 1000
export const REFRESH_LOCK = 'jsj-habor-refresh'
export const SESSION_CHANNEL = 'jsj-habor-session'
export const REFRESH_TIMEOUT_MS = 60_000

/** Crosses tabs, so it is named in the past tense (docs/architecture.md). */
export type SessionMessage = { type: 'tokens-refreshed'; token: string; refreshToken: string } | { type: 'session-expired'; ending?: SessionEnding }


/** What a /refresh answer means. Pure. A 401/403 or a business refusal ends the session; a 5xx, 429 or garbage does not. */
export function decideRefresh(res: Pick<WireResponse, 'statusCode' | 'data'>): RefreshResult {
  const body = isRecord(res.data) ? res.data : undefined
  const code = typeof body?.code === 'number' ? body.code : undefined
  if (res.statusCode === 401 || res.statusCode === 403) {
    // The account signed in on another device: the same ending as the live channel's kick, which this
    // terminal may have missed (or not yet received) when its own call found the session over. Or the
    // school disabled the account: signing in again will not help, and the student is told so.
    const reason = isRecord(body?.data) ? body.data.reason : undefined
    const ending = reason === SIGNED_IN_ELSEWHERE ? 'kicked' : reason === ACCOUNT_DISABLED_REASON ? 'disabled' : undefined
    return { outcome: 'refused', code: code ?? CODE.JWT_UNAUTHORIZED, statusCode: res.statusCode, ...(ending ? { ending } : {}) }
  }
  if (res.statusCode >= 200 && res.statusCode < 300) {
    const data = isRecord(body?.data) ? body.data : undefined
    if (code === 0 && typeof data?.token === 'string' && data.token && typeof data.refreshToken === 'string') {
      return { outcome: 'refreshed', token: data.token, refreshToken: data.refreshToken }
    }
    if (code !== undefined && (TOKEN_CODES as readonly number[]).includes(code)) return { outcome: 'refused', code, statusCode: 401 }
    return { outcome: 'failed', error: code !== undefined && code !== 0 ? errors.business(code, String(body?.msg ?? ''), res.statusCode) : errors.unknown() }
  }
  return { outcome: 'failed', error: errors.status(res.statusCode, code, body?.data) }
}

let inflight: Promise<RefreshResult> | undefined
let channel: BroadcastChannel | undefined
let lastExpiredAt = Number.NEGATIVE_INFINITY

/** Listens for the other tabs' refreshes and expiries; idempotent. */
export function listenToOtherTabs(): void {
  if (channel || typeof BroadcastChannel === 'undefined') return
  channel = new BroadcastChannel(SESSION_CHANNEL)
  channel.onmessage = (e: MessageEvent<SessionMessage>) => {
    const msg = e.data
    const { session } = httpConfig()
    if (msg.type === 'tokens-refreshed' && session.get().token && session.get().token !== msg.token) {
      session.setTokens(msg.token, msg.refreshToken)
    } else if (msg.type === 'session-expired' && session.get().token) {
      expireSession(false, msg.ending)
    }
  }
}

function tell(msg: SessionMessage): void {
  listenToOtherTabs()
  channel?.postMessage(msg)
}

/** Shows the ending's message (expired, signed in elsewhere, disabled) and logs out, at most once per EXPIRED_DEBOUNCE_MS. */
export function expireSession(broadcast = true, ending: SessionEnding = 'expired'): void {
  const now = Date.now()
  if (now - lastExpiredAt < EXPIRED_DEBOUNCE_MS) return
  lastExpiredAt = now
  const cfg = httpConfig()
  cfg.notify(httpText(ending))
  cfg.onLoggedOut(ending)
  if (broadcast) tell({ type: 'session-expired', ending })
}

async function refreshUnderLock(staleToken: string): Promise<RefreshResult> {
  const { session } = httpConfig()
  // Another tab (or an earlier refresh here) may have replaced the token while we queued for the lock.
  const now = session.get()
  if (now.token && now.token !== staleToken) return { outcome: 'refreshed', token: now.token, refreshToken: now.refreshToken }
  const stored = session.persisted()
  if (stored.token && stored.token !== staleToken) {
    session.setTokens(stored.token, stored.refreshToken)
    return { outcome: 'refreshed', token: stored.token, refreshToken: stored.refreshToken }
  }
  const refreshToken = now.refreshToken || stored.refreshToken
  if (!refreshToken) return { outcome: 'refused', code: CODE.JWT_UNAUTHORIZED, statusCode: 401 }
  let res: WireResponse
  const url = urlOf(apiBase(), API.refresh.path)
  try {
    res = await fetchTransport({
      url,
      method: API.refresh.method,
      headers: { ...baseHeaders(), Authorization: `Bearer ${refreshToken}` },
      timeout: REFRESH_TIMEOUT_MS,
      dataType: 'json',
      responseType: 'text',
      networkError: errors.network,
    })
  } catch (e) {
    return { outcome: 'failed', error: e as RequestError }
  }
  // A Wi-Fi sign-in page's 401 or 403 is not the server refusing the session: never a logout.
  if (isPortalAnswer(url, res)) {
    reportPortal()
    return { outcome: 'failed', error: errors.portal() }
  }
  const result = decideRefresh(res)
  if (result.outcome === 'refreshed') {
    session.setTokens(result.token, result.refreshToken)
    tell({ type: 'tokens-refreshed', token: result.token, refreshToken: result.refreshToken })
  }
  return result
}

function withLock(staleToken: string): Promise<RefreshResult> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return refreshUnderLock(staleToken)
  // lib.dom types the callback's promise as the result itself; the lock resolves with the settled value.
  return locks.request(REFRESH_LOCK, () => refreshUnderLock(staleToken)).then((r) => r)
}

/**
 * Refreshes the session whose access token `staleToken` was refused. Callers in this tab share one
 * attempt; a refusal logs out (once) before the promise settles.
 */
export function refreshSession(staleToken: string): Promise<RefreshResult> {
  inflight ??= withLock(staleToken)
    .then((r) => {
      if (r.outcome === 'refused') expireSession(true, r.ending)
      return r
    })
    .finally(() => {
      inflight = undefined
    })
  return inflight
}

/** Resolves once no refresh is running in this tab (requests starting meanwhile wait here). */
export async function waitForRefresh(): Promise<void> {
  if (inflight) await inflight
}

/** Forgets the in-flight refresh, the debounce and the channel (tests). */
export function resetRefresh(): void {
  inflight = undefined
  lastExpiredAt = Number.NEGATIVE_INFINITY
  channel?.close()
  channel = undefined
}
