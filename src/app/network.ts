/** Wires the network layer to the stores, the overlay and navigation; the live channel (and mqtt.js) loads only once a session with a user exists. */
import { subscribe } from 'valtio'
import { pageByPath } from '../../manifest/pages'
import type { MessageKey } from '../i18n/messages'
import { translate } from '../i18n/i18n'
import { configureHttp, type HttpText } from '../lib/http/config'
import { isQuiet, onLoggedIn } from '../lib/events/loggedIn'
import { read } from '../lib/storage'
import { appState } from '../state/app'
import { onFirstPage } from '../start/afterFirstPage'
import { authState, setPendingRoute, updateSessionTokens } from '../state/auth'
import { endSession, isLive, liveToken, sessionState } from '../state/session/machine'
import { hideLoading, showLoading, showToast } from '../ui/Overlay/overlay'
import { replaceAll } from '../state/navigation'
import { setSignedOutReason, type SignedOutReason } from '../state/signedOut'

const HTTP_TEXT: Record<HttpText, MessageKey> = { loading: 'app.loading', expired: 'auth.expired', kicked: 'auth.kicked', disabled: 'auth.disabled', noLogin: 'auth.noLogin' }
const t = (key: MessageKey) => translate(appState.lang, key)

/**
 * A forced logout (kick, refused refresh): the page the user was on is remembered, so after signing in
 * again they are back there, with what they had typed (drafts stay in storage).
 */
function loggedOut(reason: SignedOutReason): void {
  // Said on Login until the student acts there, unless the ending was quiet (a stale session at launch):
  // a kick is said even then, for the other login may have come as the app opened (the daily open), and a
  // disabled account too, for the launch is where a student first meets it.
  if (!isQuiet() || reason !== 'expired') setSignedOutReason(reason)
  const here = pageByPath(location.pathname)
  // A second logout signal while already on Login (the kick, then a refused refresh) keeps the first page.
  const remember = here && here.name !== 'Login' ? { name: here.name, query: location.search.replace(/^\?/, '') } : authState.pendingRoute
  endSession()
  if (remember) setPendingRoute(remember)
  // Going back through history to the app's first entry passes login-only pages, whose guard remembers
  // them instead: the page the user was on is remembered again once Login is reached.
  void replaceAll('/login').then(() => {
    if (remember) setPendingRoute(remember)
  })
}

/** Toasts, except while a quiet step runs (launch's profile reload, logout's call). */
function notify(text: string): void {
  if (!isQuiet()) showToast(text)
}

/**
 * The live channel's first connection waits until the first page has rendered (appState.loaded), or
 * FIRST_PAGE_LIVE_WAIT_MS at most: mqtt.js is 100 KB to fetch and a long task to evaluate, and the daily
 * open's Home comes first (docs/performance.md "The daily open"). A kick that happened meanwhile still
 * arrives as the channel connects (docs/architecture.md "The live channel").
 */
export const FIRST_PAGE_LIVE_WAIT_MS = 10_000
let pageIn = false

let live: Promise<typeof import('../lib/live')> | undefined
function syncLive(): void {
  if (!pageIn) return
  // docs/product.md: the channel connects on the logged-in event (the session's phase), not because a token is cached.
  if (!live && !(isLive() && authState.userInfo?.id)) return
  live ??= Promise.all([import('../lib/live'), import('../lib/http/refresh')]).then(([m, r]) => {
    m.live.configure({
      session: () => ({ token: liveToken(), userId: authState.userInfo?.id ?? '', deviceType: appState.deviceType }),
      refresh: (stale) => r.refreshSession(stale),
      notify,
      kickedText: () => t('auth.kicked'),
      onLoggedOut: loggedOut,
    })
    return m
  })
  void live.then((m) => m.live.sync())
}

export function wireNetwork(): void {
  configureHttp({
    session: {
      get: () => ({
        token: authState.token,
        refreshToken: authState.refreshToken,
        tempToken: authState.tempToken,
        orgId: authState.org?.id,
        studentId: authState.userInfo?.studentId,
      }),
      persisted: () => ({ token: read('token') ?? '', refreshToken: read('refreshToken') ?? '' }),
      setTokens: updateSessionTokens,
    },
    notify,
    showLoading,
    hideLoading,
    onLoggedOut: loggedOut,
    text: (key) => t(HTTP_TEXT[key]),
  })
  // Going live is the logged-in event below; an ending changes the phase, and a profile that comes in
  // (the user the channel subscribes for) changes the auth store: both are heard.
  onFirstPage(() => {
    pageIn = true
    syncLive()
  }, FIRST_PAGE_LIVE_WAIT_MS)
  subscribe(sessionState, syncLive)
  subscribe(authState, syncLive)
  onLoggedIn(() => {
    // A new session answers why the last one ended.
    setSignedOutReason(null)
    syncLive()
    // The outbox, notifications and their IndexedDB code load only once someone is signed in: never on
    // Login's first start.
    void import('./signedIn').then((m) => m.startSignedIn())
  })
  syncLive()
}
