/** Each login kind against a fake server: the exact body sent, the state and storage it leaves, its value. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { configureHttp } from '../../../../src/lib/http'
import { AUTH_KEYS, read, write } from '../../../../src/lib/storage'
import { authState, setProfile, setSessionTokens, setTempToken, updateSessionTokens } from '../../../../src/state/auth'
import * as flows from '../../../../src/state/session/flows'
import { dispatch, sessionState, storeAnswer } from '../../../../src/state/session/machine'
import { onLoggedIn } from '../../../../src/lib/events/loggedIn'
import { fakeFetch, ok, type Reply, type Sent } from '../../support/http'
import { resetClient, storeSession } from '../../support/pageFakes'

const PROFILE = {
  id: 'u1',
  studentId: 's1',
  name: 'Li Hua',
  org: null,
  orgList: [
    { id: 'o1', name: 'Demo School', code: 'DEMO' },
    { id: 'o2', name: 'Demo Academy', code: 'ACADEMY' },
  ],
  roleList: ['student'],
  orgRoleList: ['DEMO:student'],
  permList: ['report:create'],
}
const flags = (isReg: boolean, isPassword: boolean, isPhone = true) => ({ token: 'T', refreshToken: 'R', isReg, isPassword, isPhone })

let ui: { notify: ReturnType<typeof vi.fn<(text: string) => void>>; onLoggedOut: ReturnType<typeof vi.fn<() => void>> }

beforeEach(() => {
  resetClient()
  write('deviceCode', 'dev-1')
  ui = { notify: vi.fn<(text: string) => void>(), onLoggedOut: vi.fn<() => void>() }
  configureHttp({
    baseUrl: '/api',
    session: storeSession(updateSessionTokens, () => ({ token: authState.token, refreshToken: authState.refreshToken, tempToken: authState.tempToken, orgId: authState.org?.id, studentId: authState.userInfo?.studentId })),
    notify: ui.notify,
    onLoggedOut: ui.onLoggedOut,
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A server answering each path with `routes[path]`; the profile answers PROFILE unless told otherwise. */
function server(routes: Record<string, Reply | ((s: Sent) => Reply)>) {
  return fakeFetch((s) => {
    const path = new URL(s.url, 'http://x').pathname.replace(/^\/api/, '')
    const r = routes[path] ?? (path === '/auth/student' ? ok(PROFILE) : { status: 404, body: { code: 100404, msg: 'not found', data: null } })
    return typeof r === 'function' ? r(s) : r
  })
}
const bodyOf = (calls: Sent[], path: string) => JSON.parse(String(calls.find((c) => c.url.includes(path))?.body)) as Record<string, unknown>
const device = { deviceType: 'browser', deviceCode: 'dev-1', appId: 'jsj-habor' }
const session = () => ({ token: authState.token, refreshToken: authState.refreshToken, tempToken: authState.tempToken })
const stored = () => ({ token: read('token'), refreshToken: read('refreshToken'), tempToken: read('tempToken') })

describe('password login', () => {
  it('sends the request before it spends an encryption on remembering the phone, and remembers it even when refused', async () => {
    const storedAtSend: (string | null)[] = []
    server({
      '/login': () => {
        storedAtSend.push(localStorage.getItem('jsj_habor_lastPhone'))
        return { status: 200, body: { code: 200001, msg: 'wrong', data: null } }
      },
    })
    await expect(flows.loginPassword('13800138000', 'NotTheRight1')).rejects.toThrow()
    expect(storedAtSend).toEqual([null])
    expect(read('lastPhone')).toBe('13800138000')
  })

  it('sends the device info, stores the pair and the profile, org from the first of orgList', async () => {
    const { calls } = server({ '/login': ok({ token: 'T', refreshToken: 'R' }) })
    const signed = await flows.loginPassword('13800138000', 'Passw0rd!')
    expect(signed.result).toBeUndefined()
    expect(bodyOf(calls, '/login')).toEqual({ username: '13800138000', password: 'Passw0rd!', ...device })
    expect(session()).toEqual({ token: 'T', refreshToken: 'R', tempToken: '' })
    expect(stored()).toEqual({ token: 'T', refreshToken: 'R', tempToken: undefined })
    expect(authState.userInfo?.id).toBe('u1')
    expect(authState.roleList).toEqual(['student'])
    expect(authState.permList).toEqual(['report:create'])
    expect(authState.orgRoleList).toEqual(['DEMO:student'])
    expect(authState.org?.id).toBe('o1')
    expect(read('lastPhone')).toBe('13800138000')
    expect(signed.next).toBe('Home')
    // The logged-in event has happened, but not yet "signed in" for the guard: that is the moment enterApp() navigates.
    expect(sessionState.phase).toBe('entering')
  })

  it('a failed profile rejects with 200004 account does not exist, keeping the session for Improve', async () => {
    server({ '/login': ok({ token: 'T', refreshToken: 'R' }), '/auth/student': { body: { code: 200004, msg: 'x', data: null } } })
    await expect(flows.loginPassword('13800138000', 'Passw0rd!')).rejects.toMatchObject({ code: 200004, message: 'account does not exist' })
    expect(session()).toEqual({ token: 'T', refreshToken: 'R', tempToken: '' })
    expect(authState.userInfo).toBeNull()
    expect(sessionState.phase).toBe('profilePending')
  })

  it('signing in and going: the logged-in event once, when the profile is in, and the guard lets in after the Home delay', async () => {
    vi.useFakeTimers()
    history.replaceState(null, '', '/login')
    server({ '/login': ok({ token: 'T', refreshToken: 'R' }) })
    const heard = vi.fn(() => expect(authState.userInfo?.id).toBe('u1'))
    const off = onLoggedIn(heard)
    const done = flows.signInAndGo('password', '13800138000', 'Passw0rd!')
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1))
    expect(sessionState.phase).toBe('entering')
    expect(location.pathname).toBe('/login')
    await vi.advanceTimersByTimeAsync(100)
    await done
    expect([sessionState.phase, location.pathname]).toEqual(['signedIn', '/home'])
    expect(heard).toHaveBeenCalledTimes(1)
    off()
  })

  it('the org is the user’s org when the profile names one', async () => {
    server({ '/login': ok({ token: 'T', refreshToken: 'R' }), '/auth/student': ok({ ...PROFILE, org: PROFILE.orgList[1] }) })
    await flows.loginPassword('13800138000', 'Passw0rd!')
    expect(read('org')?.id).toBe('o2')
  })
})

describe('SMS login', () => {
  it.each([
    ['isPassword', flags(false, true), 'isPassword', { token: 'T', refreshToken: 'R', tempToken: '' }, true, 'Home'],
    ['isReg', flags(true, false), 'T', { token: '', refreshToken: 'R', tempToken: 'T' }, false, 'Password'],
    ['otherwise', flags(false, false), undefined, { token: 'T', refreshToken: 'R', tempToken: '' }, true, 'Home'],
  ])('%s', async (_n, data, result, state, withProfile, next) => {
    const { calls } = server({ '/login/sms': ok(data) })
    const signed = await flows.loginSms('13800138000', '123456')
    expect(signed.result).toBe(result)
    expect(bodyOf(calls, '/login/sms')).toEqual({ username: '+8613800138000', code: '123456', isAdmin: false, ...device })
    expect(session()).toEqual(state)
    expect(Boolean(authState.userInfo)).toBe(withProfile)
    expect(calls.some((c) => c.url.includes('/auth/student'))).toBe(withProfile)
    expect(signed.next).toBe(next)
  })

  it('isReg keeps only the temporary token even when the answer carries token headers', async () => {
    server({ '/login/sms': ok(flags(true, false), { token: 'T', 'refresh-token': 'R' }) })
    const signed = await flows.loginSms('13700137001', '123456')
    expect(signed.result).toBe('T')
    expect(session()).toEqual({ token: '', refreshToken: 'R', tempToken: 'T' })
    expect(stored()).toEqual({ token: undefined, refreshToken: 'R', tempToken: 'T' })
  })

  it('refuses a number that is not a mainland mobile before sending', async () => {
    const { calls } = server({})
    await expect(flows.loginSms('12345', '123456')).rejects.toMatchObject({ code: 100002 })
    expect(calls).toHaveLength(0)
  })
})

describe('OAuth login', () => {
  const payload = { code: 'c', state: 's', redirectUri: 'http://localhost/login' }
  it('returns a string answer as is', async () => {
    server({ '/login/oauth': ok('open the provider again') })
    const signed = await flows.loginOauth(payload)
    expect(signed.result).toBe('open the provider again')
    expect(session()).toEqual({ token: '', refreshToken: '', tempToken: '' })
  })
  it.each([
    ['no phone, registered, no password', flags(true, false, false), false, { token: '', refreshToken: '', tempToken: 'T' }, 'Bind'],
    ['no phone, registered, with password', flags(true, true, false), 'improve', { token: '', refreshToken: '', tempToken: 'T' }, 'Improve'],
    ['no phone, password, not registered', flags(false, true, false), 'isPassword', { token: 'T', refreshToken: 'R', tempToken: '' }, 'Home'],
    ['otherwise', flags(false, false, true), undefined, { token: 'T', refreshToken: 'R', tempToken: '' }, 'Home'],
  ])('%s', async (_n, data, result, state, next) => {
    const { calls } = server({ '/login/oauth': ok(data) })
    const signed = await flows.loginOauth(payload)
    expect(signed.result).toBe(result)
    expect(bodyOf(calls, '/login/oauth')).toEqual({ payload, isAdmin: false, ...device })
    expect(session()).toEqual(state)
    expect(signed.next).toBe(next)
  })
})

describe('WX-MP login', () => {
  it('isReg keeps the refresh and a temporary token and returns false; the call is signed', async () => {
    const { calls } = server({ '/login/wx/mp': ok(flags(true, false, false)) })
    const signed = await flows.loginWxMp('js-code')
    expect(signed.result).toBe(false)
    const body = bodyOf(calls, '/login/wx/mp')
    expect(body).toMatchObject({ payload: 'js-code', sort: 1, ...device })
    expect(typeof body.timestamp).toBe('number')
    expect(calls[0]?.headers.sign).toMatch(/^[0-9a-f]{64}$/)
    expect(session()).toEqual({ token: '', refreshToken: 'R', tempToken: 'T' })
    expect(signed.next).toBe('Bind')
  })
  it('otherwise stores the tokens and loads the profile', async () => {
    server({ '/login/wx/mp': ok(flags(false, true, true)) })
    const signed = await flows.loginWxMp('js-code')
    expect(signed.result).toBe(true)
    expect(session()).toEqual({ token: 'T', refreshToken: 'R', tempToken: '' })
    expect(authState.userInfo?.id).toBe('u1')
  })
})

describe('binding phone', () => {
  it('isReg keeps the refresh token and returns the token, carrying the temporary token as Bearer', async () => {
    setTempToken('TEMP0')
    const { calls } = server({ '/login/oauth/binding': ok(flags(true, false)) })
    const signed = await flows.bindPhone('13900139000', '654321')
    expect(signed.result).toBe('T')
    expect(bodyOf(calls, '/login/oauth/binding')).toEqual({ username: '+8613900139000', payload: '654321', isAdmin: false, ...device })
    expect(calls[0]?.headers.authorization).toBe('Bearer TEMP0')
    expect(session()).toEqual({ token: '', refreshToken: 'R', tempToken: 'T' })
    expect(signed.next).toBe('Improve')
  })
  it('otherwise stores the tokens and loads the profile', async () => {
    server({ '/login/oauth/binding': ok(flags(false, false)) })
    const signed = await flows.bindPhone('13900139000', '654321')
    expect(signed.result).toBeUndefined()
    expect(session()).toEqual({ token: 'T', refreshToken: 'R', tempToken: '' })
    expect(authState.userInfo?.id).toBe('u1')
    expect(signed.next).toBe('Home')
  })
})

describe('LOGINED, Improve and the org switch', () => {
  it('LOGINED reloads the profile of the session that exists', async () => {
    setSessionTokens('T', 'R')
    const { calls } = server({})
    const signed = await flows.loginLogined()
    expect(calls[0]?.headers.authorization).toBe('Bearer T')
    expect(authState.userInfo?.id).toBe('u1')
    expect(signed.next).toBe('Home')
  })

  it('Improve carries the temporary token and stores the final pair it answers with', async () => {
    setTempToken('TEMP')
    const { calls } = server({ '/auth/student/improve': ok({ token: 'T2', refreshToken: 'R2' }) })
    await flows.improve({ name: 'Li', grade: '七年级', className: '3班', orgCode: 'DEMO' })
    expect(calls[0]?.headers.authorization).toBe('Bearer TEMP')
    expect(bodyOf(calls, '/auth/student/improve')).toEqual({ name: 'Li', grade: '七年级', className: '3班', orgCode: 'DEMO' })
    expect(session()).toEqual({ token: 'T2', refreshToken: 'R2', tempToken: '' })
    expect(authState.userInfo?.id).toBe('u1')
  })

  it('switching the org sends its id as Org-ID from then on', async () => {
    const { calls } = server({ '/login': ok({ token: 'T', refreshToken: 'R' }) })
    await flows.loginPassword('13800138000', 'Passw0rd!')
    expect(calls.at(-1)?.headers['org-id']).toBeUndefined()
    await flows.switchOrg('o2')
    expect(read('org')?.id).toBe('o2')
    expect(calls.at(-1)?.headers['org-id']).toBe('o2')
  })
})

describe('forgot password and SMS codes', () => {
  it('forget sends +86 with the code and the new password', async () => {
    const { calls } = server({ '/auth/user/forget': ok(null) })
    await flows.forgetPassword('13800138000', '111111', 'NewPass1')
    expect(bodyOf(calls, '/auth/user/forget')).toEqual({ username: '+8613800138000', payload: { code: '111111', password: 'NewPass1' }, ...device })
  })
  it('a sent code starts the 60 s countdown; a 429 starts it with the server’s retry time', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    server({ '/sms/code': ok({ expiresIn: 300, resendIn: 60 }) })
    await flows.sendSmsCode('13800138000', 'login')
    expect(read('smsCountdown')).toBe(1_000_000 + 60_000)
    server({ '/sms/code': { status: 429, body: { code: 100003, msg: 'too many requests', data: { retryAfter: 42 } } } })
    await expect(flows.sendSmsCode('13800138000', 'login')).rejects.toMatchObject({ statusCode: 429 })
    expect(read('smsCountdown')).toBe(1_000_000 + 42_000)
  })
})

describe('logout', () => {
  it('calls the server, ignores its failure, clears every auth key and keeps device, phone and drafts', async () => {
    server({ '/login': ok({ token: 'T', refreshToken: 'R' }) })
    await flows.loginPassword('13800138000', 'Passw0rd!')
    write('pushClientId', 'push-1')
    write('drafts', { 'improve.name': 'Li' })
    const { calls } = server({ '/logout': 'network-error' })
    await flows.logout()
    expect(bodyOf(calls, '/logout')).toEqual({ deviceType: 'browser', appId: 'jsj-habor' })
    for (const key of AUTH_KEYS) expect(read(key), key).toBeUndefined()
    expect(session()).toEqual({ token: '', refreshToken: '', tempToken: '' })
    expect(authState.userInfo).toBeNull()
    expect(authState.pushClientId).toBe('')
    expect(read('deviceCode')).toBe('dev-1')
    expect(read('lastPhone')).toBe('13800138000')
    expect(read('drafts')).toEqual({ 'improve.name': 'Li' })
    expect(location.pathname).toBe('/login')
    expect(ui.notify).not.toHaveBeenCalled()
  })
  it('goes Home when asked', async () => {
    server({ '/logout': ok(null) })
    await flows.logout({ toHome: true })
    expect(location.pathname).toBe('/home')
  })
})

describe('into the app after a login (docs/product.md "Timing and limits" Home delay)', () => {
  const ua = navigator.userAgent
  afterEach(() => Object.defineProperty(navigator, 'userAgent', { value: ua, configurable: true }))

  it.each([
    ['elsewhere', ua, 100],
    ['on iOS', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 2000],
  ])('%s: the logged-in event once the profile is in, the target only after %s ms', async (_n, agent, ms) => {
    vi.useFakeTimers()
    Object.defineProperty(navigator, 'userAgent', { value: agent, configurable: true })
    history.replaceState(null, '', '/login?redirect=ReportHistory&query=')
    const heard = vi.fn()
    const off = onLoggedIn(heard)
    storeAnswer({ token: 'T', refreshToken: 'R' })
    expect(heard).not.toHaveBeenCalled()
    dispatch({ type: 'profileIn' })
    expect(heard).toHaveBeenCalledTimes(1)
    const done = flows.enterApp('redirect=ReportHistory&query=')
    await vi.advanceTimersByTimeAsync(ms - 1)
    expect(location.pathname).toBe('/login')
    expect(sessionState.phase).toBe('entering')
    await vi.advanceTimersByTimeAsync(1)
    await expect(done).resolves.toBe('/2023/history')
    expect(location.pathname).toBe('/2023/history')
    expect(sessionState.phase).toBe('signedIn')
    expect(heard).toHaveBeenCalledTimes(1)
    off()
  })

  it('the remembered route wins over the redirect query and is then forgotten', async () => {
    vi.useFakeTimers()
    history.replaceState(null, '', '/login')
    setSessionTokens('T', 'R')
    authState.pendingRoute = { name: 'Invite', query: 'a=1' }
    const done = flows.enterApp('')
    await vi.advanceTimersByTimeAsync(100)
    await expect(done).resolves.toBe('/invite?a=1')
    expect(authState.pendingRoute).toBeNull()
  })

  it('goes to Consent first when the profile says the month of birth is not known yet', async () => {
    vi.useFakeTimers()
    history.replaceState(null, '', '/login')
    setSessionTokens('T', 'R')
    setProfile({ id: 'u1', studentId: 's1', orgList: [], roleList: [], permList: [], limited: 'age-unknown', birthKnown: false })
    const done = flows.enterApp('')
    await vi.advanceTimersByTimeAsync(100)
    await expect(done).resolves.toBe('/consent')
    expect(location.pathname).toBe('/consent')
  })

  it.each([
    ['the remembered route', { name: 'Invite', query: 'a=1' }, '', { name: 'Invite', query: 'a=1' }],
    ['the redirect query', null, 'redirect=ReportHistory&query=y%3D1', { name: 'ReportHistory', query: 'y=1' }],
  ])('keeps %s through Consent, so the page after Consent is the one the student was going to', async (_n, pending, search, kept) => {
    vi.useFakeTimers()
    history.replaceState(null, '', '/login')
    setSessionTokens('T', 'R')
    setProfile({ id: 'u1', studentId: 's1', orgList: [], roleList: [], permList: [], limited: 'age-unknown', birthKnown: false })
    authState.pendingRoute = pending
    const done = flows.enterApp(search)
    await vi.advanceTimersByTimeAsync(100)
    await expect(done).resolves.toBe('/consent')
    expect(authState.pendingRoute).toEqual(kept)
    expect(read('pendingRoute')).toEqual(kept)
    // Consent's way on: the kept page, once, and then it is forgotten.
    expect(flows.leaveConsent()).toBe(kept.name === 'Invite' ? '/invite?a=1' : '/2023/history?y=1')
    expect(authState.pendingRoute).toBeNull()
    expect(flows.leaveConsent()).toBe('/home')
  })

  it('keeps nothing through Consent when the student was going Home', async () => {
    vi.useFakeTimers()
    history.replaceState(null, '', '/login')
    setSessionTokens('T', 'R')
    setProfile({ id: 'u1', studentId: 's1', orgList: [], roleList: [], permList: [], limited: 'age-unknown', birthKnown: false })
    authState.pendingRoute = null
    await Promise.all([flows.enterApp(''), vi.advanceTimersByTimeAsync(100)])
    expect(authState.pendingRoute).toBeNull()
    expect(flows.leaveConsent()).toBe('/home')
    expect(location.pathname).toBe('/home')
  })
})
