/** The one session (state/session/machine.ts): its transitions by table, the login kinds through it, and its steps. */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bindingDecision, improveDecision, oauthDecision, passwordDecision, smsDecision, wxMpDecision, type Decision } from '../../../../src/lib/auth/decisions'
import { onLoggedIn } from '../../../../src/lib/events/loggedIn'
import { read, storageKey, write } from '../../../../src/lib/storage'
import { authState } from '../../../../src/state/auth'
import {
  dispatch,
  endSession,
  guardSignedIn,
  hasSession,
  holdsSession,
  liveReady,
  liveToken,
  markerAfter,
  resetSession,
  restoreSession,
  sessionAccount,
  sessionState,
  storeAnswer,
  transition,
  type SessionEvent,
  type SessionPhase,
} from '../../../../src/state/session/machine'

const PHASES: SessionPhase[] = ['signedOut', 'registering', 'profilePending', 'entering', 'resuming', 'signedIn']

const EVENTS: Record<string, SessionEvent> = {
  restoredNothing: { type: 'restored', token: false, tempToken: false },
  restoredTemp: { type: 'restored', token: false, tempToken: true },
  restoredSession: { type: 'restored', token: true, tempToken: false },
  answeredSession: { type: 'answered', store: { token: 'T', refreshToken: 'R' } },
  answeredTemp: { type: 'answered', store: { tempToken: 'TMP', refreshToken: 'R' } },
  answeredNothing: { type: 'answered', store: {} },
  profileIn: { type: 'profileIn' },
  profileMissing: { type: 'profileMissing' },
  entered: { type: 'entered' },
  ended: { type: 'ended' },
}

/** Each row: from that phase, where every event leads (columns in the order of PHASES). */
const TABLE: Record<string, SessionPhase[]> = {
  //                 signedOut         registering       profilePending    entering          resuming          signedIn
  restoredNothing: ['signedOut', 'signedOut', 'signedOut', 'signedOut', 'signedOut', 'signedOut'],
  restoredTemp: ['registering', 'registering', 'registering', 'registering', 'registering', 'registering'],
  restoredSession: ['resuming', 'resuming', 'resuming', 'resuming', 'resuming', 'resuming'],
  answeredSession: ['profilePending', 'profilePending', 'profilePending', 'entering', 'resuming', 'signedIn'],
  answeredTemp: ['registering', 'registering', 'profilePending', 'entering', 'resuming', 'signedIn'],
  answeredNothing: ['signedOut', 'registering', 'profilePending', 'entering', 'resuming', 'signedIn'],
  profileIn: ['signedOut', 'registering', 'entering', 'entering', 'signedIn', 'signedIn'],
  profileMissing: ['signedOut', 'registering', 'profilePending', 'entering', 'profilePending', 'signedIn'],
  entered: ['signedOut', 'registering', 'profilePending', 'signedIn', 'resuming', 'signedIn'],
  ended: ['signedOut', 'signedOut', 'signedOut', 'signedOut', 'signedOut', 'signedOut'],
}

beforeEach(() => {
  localStorage.clear()
  resetSession()
})

describe('the transitions', () => {
  const cases = Object.entries(TABLE).flatMap(([event, row]) => PHASES.map((from, i) => [event, from, row[i]!] as const))
  it.each(cases)('%s from %s → %s', (event, from, to) => {
    expect(transition(from, EVENTS[event]!)).toBe(to)
  })

  it.each([
    ['signedOut', false, false],
    ['registering', false, false],
    ['profilePending', false, false],
    ['entering', false, true],
    ['resuming', true, false],
    ['signedIn', true, true],
  ] as const)('%s: the guard counts it signed in %s, the live channel may connect %s', (phase, guard, live) => {
    expect(guardSignedIn(phase)).toBe(guard)
    expect(liveReady(phase)).toBe(live)
  })

  it.each([
    ['signedOut', false],
    ['registering', false],
    ['profilePending', true],
    ['entering', true],
    ['resuming', true],
    ['signedIn', true],
  ] as const)('%s holds a session: %s', (phase, holds) => {
    expect(holdsSession(phase)).toBe(holds)
  })
})

describe('what is kept per account asks the phase, not the tokens', () => {
  beforeEach(() => resetSession())

  it('a registration step holds a temporary token and no account; its final pair does', () => {
    storeAnswer({ tempToken: 'TMP', refreshToken: 'R' })
    authState.userInfo = { id: 7 } as unknown as typeof authState.userInfo
    expect(sessionState.phase).toBe('registering')
    expect(hasSession()).toBe(false)
    expect(sessionAccount()).toBe('')
    storeAnswer({ token: 'T', refreshToken: 'R' })
    expect(hasSession()).toBe(true)
    expect(sessionAccount()).toBe('7')
  })

  it('the account goes with the phase when the session ends, though a token were left behind', () => {
    storeAnswer({ token: 'T', refreshToken: 'R' })
    authState.userInfo = { id: 7 } as unknown as typeof authState.userInfo
    dispatch({ type: 'ended' })
    expect(sessionAccount()).toBe('')
    expect(hasSession()).toBe(false)
  })

  it('the live channel and the worker are given the token only in a phase that goes live', () => {
    storeAnswer({ tempToken: 'TMP', refreshToken: 'R' })
    expect(liveToken()).toBe('')
    storeAnswer({ token: 'T', refreshToken: 'R' })
    expect(sessionState.phase).toBe('profilePending')
    expect(liveToken()).toBe('')
    dispatch({ type: 'profileIn' })
    expect(sessionState.phase).toBe('entering')
    expect(liveToken()).toBe('T')
    dispatch({ type: 'entered' })
    expect(liveToken()).toBe('T')
    // A token left behind after the ending is no one's to carry.
    dispatch({ type: 'ended' })
    authState.token = 'LEFT'
    expect(liveToken()).toBe('')
  })
})

describe('the login kinds through the machine (docs/product.md "Login kinds")', () => {
  const pair = { token: 'T', refreshToken: 'R' }
  const oauth = { ...pair, isPhone: true, isReg: false, isPassword: false }
  /** [kind, decision, phase once answered, phase once the profile is in (when the kind fetches one), next page] */
  const KINDS: [string, Decision<unknown>, SessionPhase, SessionPhase, string][] = [
    ['password', passwordDecision(pair), 'profilePending', 'entering', 'Home'],
    ['sms, an account with a password', smsDecision({ ...pair, isPassword: true, isReg: false }), 'profilePending', 'entering', 'Home'],
    ['sms, a new account', smsDecision({ ...pair, isPassword: false, isReg: true }), 'registering', 'registering', 'Password'],
    ['sms, a new account that has a password', smsDecision({ ...pair, isPassword: true, isReg: true }), 'registering', 'registering', 'Improve'],
    ['oauth, a string answer', oauthDecision('https://provider.example/login'), 'signedOut', 'signedOut', 'stay'],
    ['oauth, new without phone or password', oauthDecision({ ...oauth, isPhone: false, isReg: true }), 'registering', 'registering', 'Bind'],
    ['oauth, new with a password', oauthDecision({ ...oauth, isPhone: false, isReg: true, isPassword: true }), 'registering', 'registering', 'Improve'],
    ['oauth, known', oauthDecision(oauth), 'profilePending', 'entering', 'Home'],
    ['wechat, new', wxMpDecision({ ...oauth, isReg: true, isPhone: false }), 'registering', 'registering', 'Bind'],
    ['wechat, known', wxMpDecision(oauth), 'profilePending', 'entering', 'Home'],
    ['bind phone, new', bindingDecision({ ...oauth, isReg: true }), 'registering', 'registering', 'Improve'],
    ['bind phone, known', bindingDecision(oauth), 'profilePending', 'entering', 'Home'],
  ]

  it.each(KINDS)('%s', (_kind, decision, answered, profiled, next) => {
    expect(storeAnswer(decision.store)).toBe(answered)
    if (decision.profile) dispatch({ type: 'profileIn' })
    expect(sessionState.phase).toBe(profiled)
    expect(decision.next).toBe(next)
    // Only a kind that reaches Home fetches a profile and holds the session the guard will let in.
    expect(decision.profile).toBe(next === 'Home')
  })

  it('a registration: temporary token, then Improve answers the final pair, then its profile', () => {
    storeAnswer(smsDecision({ token: 'TMP', refreshToken: 'R', isPassword: false, isReg: true }).store)
    expect([sessionState.phase, authState.tempToken, authState.token]).toEqual(['registering', 'TMP', ''])
    storeAnswer(improveDecision({ token: 'T', refreshToken: 'R2' }).store)
    expect([sessionState.phase, authState.tempToken, authState.token]).toEqual(['profilePending', '', 'T'])
    dispatch({ type: 'profileIn' })
    dispatch({ type: 'entered' })
    expect(sessionState.phase).toBe('signedIn')
  })
})

describe('the steps', () => {
  it('the logged-in event is heard once, when the session first reaches a live phase', () => {
    const heard = vi.fn()
    const off = onLoggedIn(heard)
    storeAnswer({ token: 'T', refreshToken: 'R' })
    expect(heard).not.toHaveBeenCalled()
    dispatch({ type: 'profileIn' })
    dispatch({ type: 'profileIn' })
    dispatch({ type: 'entered' })
    expect(heard).toHaveBeenCalledTimes(1)
    endSession()
    storeAnswer({ token: 'T2', refreshToken: 'R2' })
    dispatch({ type: 'profileIn' })
    expect(heard).toHaveBeenCalledTimes(2)
    off()
  })

  it('launch restores the stored session: a full pair resumes, a temporary token goes on registering', () => {
    write('token', 'T')
    write('refreshToken', 'R')
    expect(restoreSession()).toBe('resuming')
    expect(authState.token).toBe('T')
    localStorage.clear()
    write('tempToken', 'TMP')
    expect(restoreSession()).toBe('registering')
    localStorage.clear()
    expect(restoreSession()).toBe('signedOut')
  })

  it('a corrupt stored token reads as none: signed out, no crash', () => {
    write('token', 'T')
    expect(restoreSession()).toBe('resuming')
    localStorage.setItem(storageKey('token'), '%%%not-a-cipher%%%')
    expect(restoreSession()).toBe('signedOut')
  })

  it('a new pair for a signed-in session (a profile edit, a refresh) keeps it signed in', () => {
    storeAnswer({ token: 'T', refreshToken: 'R' })
    dispatch({ type: 'profileIn' })
    dispatch({ type: 'entered' })
    expect(storeAnswer({ token: 'T2', refreshToken: 'R2' })).toBe('signedIn')
    expect(read('token')).toBe('T2')
  })

  it('ending the session clears every auth key, keeps the last phone, and signs out', () => {
    write('lastPhone', '13800138000')
    write('token', 'T')
    restoreSession()
    endSession()
    expect(sessionState.phase).toBe('signedOut')
    expect(read('token')).toBeUndefined()
    expect(authState.lastPhone).toBe('13800138000')
  })
})

describe('the signed-in marker (the daily open: start/lib/signedInMarker.ts)', () => {
  it('is set when a session with its profile is in, removed whenever it ends or launch finds none, left otherwise', () => {
    // From each phase (columns in the order of PHASES): set, clear, or '-' (left as it is).
    const MARKER: Record<string, ('set' | 'clear' | '-')[]> = {
      restoredNothing: ['clear', 'clear', 'clear', 'clear', 'clear', 'clear'],
      restoredTemp: ['-', '-', '-', '-', '-', '-'],
      restoredSession: ['-', '-', '-', '-', '-', '-'],
      answeredSession: ['-', '-', '-', '-', '-', '-'],
      answeredTemp: ['-', '-', '-', '-', '-', '-'],
      answeredNothing: ['-', '-', '-', '-', '-', '-'],
      profileIn: ['-', '-', '-', '-', 'set', '-'],
      profileMissing: ['-', '-', '-', '-', '-', '-'],
      entered: ['-', '-', '-', 'set', '-', '-'],
      ended: ['clear', 'clear', 'clear', 'clear', 'clear', 'clear'],
    }
    const as = { set: true, clear: false, '-': undefined }
    for (const [name, event] of Object.entries(EVENTS)) {
      PHASES.forEach((before, i) => {
        expect(markerAfter(before, transition(before, event), event), `${name} from ${before}`).toBe(as[MARKER[name]![i]!])
      })
    }
    // The rows that matter, spelled out: a login entering the app, a launch whose profile reloads, a logout.
    expect(markerAfter('entering', 'signedIn', EVENTS.entered!)).toBe(true)
    expect(markerAfter('resuming', 'signedIn', EVENTS.profileIn!)).toBe(true)
    expect(markerAfter('signedIn', 'signedOut', EVENTS.ended!)).toBe(false)
    expect(markerAfter('signedOut', 'signedOut', EVENTS.restoredNothing!)).toBe(false)
    // A registration step or a login under way never marks anyone signed in.
    expect(markerAfter('signedOut', 'registering', EVENTS.answeredTemp!)).toBeUndefined()
    expect(markerAfter('signedOut', 'profilePending', EVENTS.answeredSession!)).toBeUndefined()
    expect(markerAfter('profilePending', 'entering', EVENTS.profileIn!)).toBeUndefined()
  })
})
