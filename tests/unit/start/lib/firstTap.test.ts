/** A first visit's 登录 sent before the app's logic, and the request client adopting its answer. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API } from '../../../../src/contract/api'
import { detectDeviceType } from '../../../../src/lib/device/device'
import { fakeFetch, ok, setup } from '../../support/http'

type FirstTap = typeof import('../../../../src/start/lib/firstTap')
let first: FirstTap

/** Login's prerendered form as the starter leaves it: the fields filled, the agreement ticked, the tap held. */
function loginForm({ phone = '138 0013 8000', password = 'Passw0rd!', agreed = true, sms = false } = {}) {
  document.body.innerHTML = `<div id="root" data-prerendered="/login">
    <button id="login-tab-password" aria-selected="${!sms}"></button><button id="login-tab-sms" aria-selected="${sms}"></button>
    <input id="login-phone" value="${phone}"><input id="login-password" value="${password}">
    <input id="login-agree" type="checkbox" ${agreed ? 'checked' : ''}></div>`
  window.__prestart = ['login']
}

const bodyOf = (deviceCode: string) => ({
  username: '13800138000',
  password: 'Passw0rd!',
  deviceType: detectDeviceType({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
  deviceCode,
  appId: 'jsj-habor',
})

beforeEach(async () => {
  // As in the client's tests: the reachability probe that a network failure schedules never runs.
  vi.useFakeTimers()
  localStorage.clear()
  vi.resetModules()
  setup()
  first = await import('../../../../src/start/lib/firstTap')
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
  delete window.__prestart
})

describe('a first visit\'s held 登录', () => {
  it('is sent once, as the sign-in flow sends it, and the flow\'s own call adopts the answer instead of sending again', async () => {
    loginForm()
    const { calls } = fakeFetch(() => ok({ token: 'acc', refreshToken: 'ref' }))
    first.sendHeld()
    first.sendHeld()
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ url: '/api/login', method: 'POST', headers: { 'app-id': 'jsj-habor', 'content-type': 'application/json' } })
    const code = first.firstDeviceCode()
    expect(JSON.parse(calls[0]!.body as string)).toEqual(bodyOf(code))
    // The app's modules are the same instances as the starter's chunk (one URL): import them after it.
    const { call: appCall } = await import('../../../../src/lib/http')
    setup()
    const answer = await appCall(API.login, { body: bodyOf(code) })
    expect(answer).toEqual({ token: 'acc', refreshToken: 'ref' })
    expect(calls).toHaveLength(1)
    // Taken once: a second login is sent.
    await appCall(API.login, { body: bodyOf(code) })
    expect(calls).toHaveLength(2)
  })

  it('is not adopted by another request: that one is sent', async () => {
    loginForm()
    const { calls } = fakeFetch(() => ok({ token: 'acc', refreshToken: 'ref' }))
    first.sendHeld()
    const { call: appCall } = await import('../../../../src/lib/http')
    await appCall(API.login, { body: { ...bodyOf(first.firstDeviceCode()), password: 'other' } })
    expect(calls).toHaveLength(2)
  })

  it('a refusal comes back through the client as the sent request\'s would', async () => {
    loginForm()
    fakeFetch(() => ({ body: { code: 200002, msg: 'wrong password', data: null } }))
    first.sendHeld()
    const { call: appCall, isRequestError } = await import('../../../../src/lib/http')
    const refused = await appCall(API.login, { body: bodyOf(first.firstDeviceCode()) }).catch((e: unknown) => e)
    expect(isRequestError(refused) && refused.code).toBe(200002)
  })

  it('no answer at all is the client\'s network error', async () => {
    loginForm()
    fakeFetch(() => 'network-error')
    first.sendHeld()
    const { call: appCall, isRequestError } = await import('../../../../src/lib/http')
    const failed = await appCall(API.login, { body: bodyOf(first.firstDeviceCode()) }).catch((e: unknown) => e)
    expect(isRequestError(failed) && failed.kind).toBe('network')
  })

  it.each([
    ['the agreement is unticked', () => loginForm({ agreed: false })],
    ['the SMS tab is chosen', () => loginForm({ sms: true })],
    ['the phone is malformed', () => loginForm({ phone: '1234' })],
    ['the password is empty', () => loginForm({ password: '' })],
    ['the device has stored something of ours', () => (loginForm(), localStorage.setItem('jsj_habor_lang', 'x'))],
    ['no 登录 is held', () => (loginForm(), (window.__prestart = ['sms']))],
    ['the logic has taken the taps over', () => (loginForm(), first.closeFirstTap())],
  ])('is not sent when %s', (_, arrange) => {
    arrange()
    const { calls } = fakeFetch(() => ok())
    first.sendHeld()
    expect(calls).toHaveLength(0)
  })

  it('is the device code the launch stores: one code per first visit', async () => {
    const { ensureDeviceCode } = await import('../../../../src/lib/device/deviceCode')
    const { initStorage } = await import('../../../../src/lib/storage')
    await initStorage()
    expect(ensureDeviceCode()).toBe(first.firstDeviceCode())
  })
})
