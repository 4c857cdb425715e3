/** Launch with a cached session: quiet profile reload + logged-in event; a revoked session ends silently. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureHttp } from '../../../../src/lib/http'
import { read } from '../../../../src/lib/storage'
import { authState, setProfile, setSessionTokens } from '../../../../src/state/auth'
import { endSession, restoreSession, sessionState } from '../../../../src/state/session/machine'
import { isQuiet, onLoggedIn } from '../../../../src/lib/events/loggedIn'
import { launch } from '../../../../src/state/session/launch'
import { leaveConsent } from '../../../../src/state/session/flows'
import { fakeFetch, ok } from '../../support/http'
import { resetClient, storeSession } from '../../support/pageFakes'

const PROFILE = { id: 'u1', studentId: 's1', name: 'Li', org: null, orgList: [{ id: 'o1', name: 'A', code: 'A' }], roleList: [], orgRoleList: [], permList: [] }

let toasts: string[]
beforeEach(() => {
  resetClient()
  toasts = []
  configureHttp({
    baseUrl: '/api',
    session: storeSession(setSessionTokens),
    // As network.ts does: no toast while quiet.
    notify: (text) => {
      if (!isQuiet()) toasts.push(text)
    },
    onLoggedOut: () => endSession(),
  })
  history.replaceState(null, '', '/home')
})
afterEach(() => vi.unstubAllGlobals())

describe('launch', () => {
  it('does nothing without a cached token', async () => {
    const { calls } = fakeFetch(() => ok(PROFILE))
    restoreSession()
    await expect(launch()).resolves.toBe('none')
    expect(calls).toHaveLength(0)
  })

  it('reloads the profile and emits the logged-in event', async () => {
    setSessionTokens('T', 'R')
    restoreSession()
    fakeFetch(() => ok(PROFILE))
    const heard = vi.fn()
    const off = onLoggedIn(heard)
    await expect(launch()).resolves.toBe('logged-in')
    expect(heard).toHaveBeenCalledTimes(1)
    expect(authState.userInfo?.id).toBe('u1')
    expect(sessionState.phase).toBe('signedIn')
    off()
  })

  it('a revoked session (401, refresh refused) logs out without any toast and without the event', async () => {
    setSessionTokens('T', 'R')
    restoreSession()
    const { calls } = fakeFetch(() => ({ status: 401, body: { code: 300002, msg: 'JWT invalid', data: null } }))
    const heard = vi.fn()
    const off = onLoggedIn(heard)
    await expect(launch()).resolves.toBe('logged-out')
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/api/auth/student', '/api/refresh'])
    expect(toasts).toEqual([])
    expect(heard).not.toHaveBeenCalled()
    expect(read('token')).toBeUndefined()
    expect(sessionState.phase).toBe('signedOut')
    off()
  })

  it('offline keeps the cached session and still emits the event when a user is cached', async () => {
    setSessionTokens('T', 'R')
    setProfile({ ...PROFILE })
    restoreSession()
    fakeFetch(() => 'network-error')
    const heard = vi.fn()
    const off = onLoggedIn(heard)
    await expect(launch()).resolves.toBe('offline')
    expect(read('token')).toBe('T')
    expect(heard).toHaveBeenCalledTimes(1)
    expect(sessionState.phase).toBe('signedIn')
    off()
  })

  it('offline without a cached profile keeps the session resuming and says nothing yet', async () => {
    setSessionTokens('T', 'R')
    restoreSession()
    fakeFetch(() => 'network-error')
    const heard = vi.fn()
    const off = onLoggedIn(heard)
    await expect(launch()).resolves.toBe('offline')
    expect(heard).not.toHaveBeenCalled()
    expect(sessionState.phase).toBe('resuming')
    off()
  })

  it('an account whose month of birth is not known goes to Consent from a signed-in page, with no other call', async () => {
    setSessionTokens('T', 'R')
    restoreSession()
    const { calls } = fakeFetch(() => ok({ ...PROFILE, limited: 'age-unknown', birthKnown: false }))
    await expect(launch()).resolves.toBe('consent')
    expect(location.pathname).toBe('/consent')
    expect(sessionState.phase).toBe('signedIn')
    expect(calls.map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/api/auth/student'])
  })

  /** A signed-in launch at `path` of an account whose month of birth is not known. */
  const launchUnknownAge = (path: string) => {
    history.replaceState(null, '', path)
    setSessionTokens('T', 'R')
    restoreSession()
    fakeFetch(() => ok({ ...PROFILE, limited: 'age-unknown', birthKnown: false }))
    return launch()
  }

  it('asks for the month of birth from the start URL too: `/` is Home for a signed-in account', async () => {
    await expect(launchUnknownAge('/')).resolves.toBe('consent')
    expect(location.pathname).toBe('/consent')
  })

  it('keeps the page opened as the way on after Consent (a deep link), and nothing for Home', async () => {
    await expect(launchUnknownAge('/2023/history?y=1')).resolves.toBe('consent')
    expect(location.pathname).toBe('/consent')
    expect(authState.pendingRoute).toEqual({ name: 'ReportHistory', query: 'y=1' })
    expect(leaveConsent()).toBe('/2023/history?y=1')
    expect(authState.pendingRoute).toBeNull()

    history.replaceState(null, '', '/home')
    await expect(launch()).resolves.toBe('consent')
    expect(authState.pendingRoute).toBeNull()
  })

  it('stays where it is when the birth is known, the account is staff, or the page is public', async () => {
    for (const [where, profile] of [
      ['/home', { ...PROFILE, limited: 'guardian-consent', birthKnown: true }],
      // Staff: never limited, so never asked.
      ['/home', { ...PROFILE, limited: null, birthKnown: false }],
      ['/share/opus', { ...PROFILE, limited: 'age-unknown', birthKnown: false }],
      // A profile kept by an older version carries neither field.
      ['/home', PROFILE],
    ] as const) {
      history.replaceState(null, '', where)
      setSessionTokens('T', 'R')
      restoreSession()
      fakeFetch(() => ok(profile))
      await expect(launch()).resolves.toBe('logged-in')
      expect(location.pathname).toBe(where)
      endSession()
    }
  })

  it('a session without a profile (200004) goes to Improve, not logged in', async () => {
    setSessionTokens('T', 'R')
    restoreSession()
    fakeFetch(() => ({ body: { code: 200004, msg: 'account does not exist', data: null } }))
    await expect(launch()).resolves.toBe('improve')
    expect(location.pathname).toBe('/improve')
    expect(sessionState.phase).toBe('profilePending')
    expect(read('token')).toBe('T')
  })
})
