/**
 * The one session of the app (docs/architecture.md "The session"): a phase that only `dispatch` changes,
 * the transitions as a pure table (`transition`), and the steps that change the stored tokens and the
 * phase together. Everything that asks "is someone signed in?" reads a predicate of the phase:
 * the route guard `guardSignedIn`, the live channel `liveReady`, what is kept per account `sessionAccount`;
 * the tokens themselves are read only by the request client and the live channel, through their ports.
 *
 *   signedOut ─answered(temp)─▶ registering ─answered(session)─▶ profilePending ─profileIn─▶ entering ─entered─▶ signedIn
 *   (launch with a cached session) resuming ─profileIn─▶ signedIn;  profileMissing ─▶ profilePending (Improve)
 *   any phase ─ended─▶ signedOut
 *
 * Small and dependency-light: it is part of the start, while the sign-in flows that drive it load on demand.
 */
import { proxy, useSnapshot } from 'valtio'
import type { Stored } from '../../lib/auth/decisions'
import { emitLoggedIn } from '../../lib/events/loggedIn'
import { setSignedInMarker } from '../../start/lib/signedInMarker'
import { appState } from '../app'
import { authState, clearSession, hydrate, reset as resetAuth, setRefreshToken, setSessionTokens, setTempToken } from '../auth'

export type SessionPhase =
  /** No session. */
  | 'signedOut'
  /** A registration step holds a temporary token (Password, Improve, Bind): never signed in. */
  | 'registering'
  /** A session's tokens are stored, its profile not yet in (a login under way, or an account Improve completes). */
  | 'profilePending'
  /** The profile is in and the logged-in event has happened; the way into the app (docs/product.md's Home delay) is under way. */
  | 'entering'
  /** A session cached by an earlier run, trusted by the guard while its profile is reloaded at launch. */
  | 'resuming'
  | 'signedIn'

export type SessionEvent =
  /** Launch read the stored session. */
  | { type: 'restored'; token: boolean; tempToken: boolean }
  /** A login kind or registration step answered and its tokens were stored (docs/product.md "Login kinds"). */
  | { type: 'answered'; store: Stored }
  /** The profile of the stored session is in (fetched, or cached when launch is offline). */
  | { type: 'profileIn' }
  /** The session has no profile yet: Improve completes it. */
  | { type: 'profileMissing' }
  /** The app was entered after a login: the guard now lets login-only pages show. */
  | { type: 'entered' }
  /** Logout, a kick, a refused refresh, a deleted account. */
  | { type: 'ended' }

/** Phases that hold a full session (the guard or the live channel may count them). */
const HOLDS_SESSION: readonly SessionPhase[] = ['profilePending', 'entering', 'resuming', 'signedIn']

/** The table: where each event leads from each phase. Events that do not apply leave the phase as it is. */
export function transition(phase: SessionPhase, event: SessionEvent): SessionPhase {
  switch (event.type) {
    case 'restored':
      return event.token ? 'resuming' : event.tempToken ? 'registering' : 'signedOut'
    case 'answered':
      // A new pair for a session already in (a profile edit through Improve) does not sign anyone out.
      if (HOLDS_SESSION.includes(phase)) return phase
      if (event.store.token) return 'profilePending'
      return event.store.tempToken ? 'registering' : phase
    case 'profileIn':
      return phase === 'profilePending' ? 'entering' : phase === 'resuming' ? 'signedIn' : phase
    case 'profileMissing':
      return phase === 'resuming' ? 'profilePending' : phase
    case 'entered':
      return phase === 'entering' ? 'signedIn' : phase
    case 'ended':
      return 'signedOut'
  }
}

/** The guard's "logged in": login-only pages show, Login sends to Home. */
export const guardSignedIn = (phase: SessionPhase): boolean => phase === 'signedIn' || phase === 'resuming'
/** The live channel and what starts with a session (outbox, notifications): after the logged-in event. */
export const liveReady = (phase: SessionPhase): boolean => phase === 'entering' || phase === 'signedIn'

export const sessionState = proxy<{ phase: SessionPhase }>({ phase: 'signedOut' })

/**
 * Whether the device's signed-in marker (start/lib/signedInMarker.ts) changes with this step: set once a
 * session with its profile is in, removed when the session ends or launch finds none; otherwise left.
 * The one place it is written, so that every way a session starts or ends keeps it right.
 */
export function markerAfter(before: SessionPhase, after: SessionPhase, event: SessionEvent): boolean | undefined {
  if (event.type === 'ended' || (event.type === 'restored' && after === 'signedOut')) return false
  if (after === 'signedIn' && before !== 'signedIn') return true
  return undefined
}

/** The one writer of the phase. Reaching a live phase is docs/product.md's logged-in event. */
export function dispatch(event: SessionEvent): SessionPhase {
  const before = sessionState.phase
  const after = transition(before, event)
  sessionState.phase = after
  const marker = markerAfter(before, after, event)
  // With the language the app shows, for the frames of the next open (docs/performance.md "The daily open").
  if (marker !== undefined) void setSignedInMarker(marker ? String(authState.userInfo?.id ?? '') : null, appState.lang)
  if (liveReady(after) && !liveReady(before)) emitLoggedIn()
  return after
}

/** Launch: the stored session into memory, and the phase it starts in. */
export function restoreSession(): SessionPhase {
  hydrate()
  return dispatch({ type: 'restored', token: Boolean(authState.token), tempToken: Boolean(authState.tempToken) })
}

/** Stores what a login kind or registration step answered (a full pair, or a temporary token). */
export function storeAnswer(store: Stored): SessionPhase {
  if (store.token) setSessionTokens(store.token, store.refreshToken)
  else {
    if (store.refreshToken !== undefined) setRefreshToken(store.refreshToken)
    if (store.tempToken !== undefined) setTempToken(store.tempToken)
  }
  return dispatch({ type: 'answered', store })
}

/** Ends the session: every auth key cleared (device, last phone, language and drafts stay). */
export function endSession(): void {
  const who = sessionAccount()
  clearSession()
  dispatch({ type: 'ended' })
  // Whatever ends the session (logout, a kick, deletion), what this account saw offline goes with it:
  // nothing of it is shown to whoever signs in next (docs/offline.md "Reading").
  if (who) void import('../../lib/offline/copies').then((m) => m.clearCopies(who)).catch(() => undefined)
}

/** Nothing in memory and signed out, as on a new device (tests start from here). */
export function resetSession(): void {
  resetAuth()
  sessionState.phase = 'signedOut'
}

/** The phase holds a session's tokens (not a registration step's temporary one). */
export const holdsSession = (phase: SessionPhase): boolean => HOLDS_SESSION.includes(phase)

export const isSignedIn = (): boolean => guardSignedIn(sessionState.phase)
export const hasSession = (): boolean => holdsSession(sessionState.phase)
/** The account whose session is held ('' in none): what is kept per account (outbox, offline copies) is keyed by it. */
export const sessionAccount = (): string => (hasSession() ? String(authState.userInfo?.id ?? '') : '')
/** The phase, for a view: pages ask it rather than look for tokens. */
export const useSessionPhase = (): SessionPhase => useSnapshot(sessionState).phase
export const isLive = (): boolean => liveReady(sessionState.phase)
/**
 * The token of a session the live channel may carry (entering, signedIn), else '': the channel and the
 * service worker's copy of the sign-in are given it by the phase, never by finding a token stored.
 */
export const liveToken = (): string => (isLive() ? authState.token : '')
export const useSignedIn = (): boolean => guardSignedIn(useSnapshot(sessionState).phase)
