/** Launch (docs/product.md): the SMS countdown resets, the launched flag waits 50 ms, a cached session is resumed. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { boot, LAUNCHED_DELAY_MS } from '../../../src/app/boot'
import { onLoggedIn } from '../../../src/lib/events/loggedIn'
import { deviceCode } from '../../../src/lib/device/deviceCode'
import { sessionState } from '../../../src/state/session/machine'
import { configureHttp } from '../../../src/lib/http'
import { read, write } from '../../../src/lib/storage'
import { appState } from '../../../src/state/app'
import { authState } from '../../../src/state/auth'
import { fakeFetch, ok } from '../support/http'
import { resetClient, storeSession } from '../support/pageFakes'

beforeEach(() => {
  resetClient()
  configureHttp({ baseUrl: '/api', session: storeSession(() => {}) })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('boot', () => {
  it('resets the SMS countdown and sets launched at 50 ms, not 49', async () => {
    vi.useFakeTimers()
    write('smsCountdown', Date.now() + 60_000)
    const { calls } = fakeFetch(() => ok(null))
    boot()
    expect(read('smsCountdown')).toBe(0)
    expect(deviceCode()).toMatch(/^[0-9a-f-]{36}$/)
    await vi.advanceTimersByTimeAsync(LAUNCHED_DELAY_MS - 1)
    expect(appState.launched).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(appState.launched).toBe(true)
    // No cached token: nothing is asked of the server.
    expect(calls).toHaveLength(0)
  })

  it('a first launch stores no countdown: a missing one already allows sending', async () => {
    const { secondsLeft } = await import('../../../src/state/smsCountdown')
    fakeFetch(() => ok(null))
    boot()
    expect(localStorage.getItem('jsj_habor_smsCountdown')).toBeNull()
    expect(secondsLeft()).toBe(0)
  })

  it('with a cached token reloads the profile and emits the logged-in event', async () => {
    write('token', 'T')
    write('refreshToken', 'R')
    const profile = { id: 'u1', studentId: 's1', name: 'Li', org: null, orgList: [], roleList: [], orgRoleList: [], permList: [] }
    const { calls } = fakeFetch(() => ok(profile))
    const heard = new Promise<void>((resolve) => onLoggedIn(resolve))
    boot()
    // The cached session lets login-only pages show at once; the logged-in event waits for its profile.
    expect(sessionState.phase).toBe('resuming')
    await heard
    expect(sessionState.phase).toBe('signedIn')
    expect(new URL(calls[0]?.url ?? '', 'http://x').pathname).toBe('/api/auth/student')
    expect(authState.userInfo?.id).toBe('u1')
  })
})
