/**
 * Login's hooks on the real page against a fake server: the takeover of the prerendered page (values and a
 * held tap, carried out once with them), the invitation's welcome, and the return from WeChat that fails.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageByName } from '../../../../manifest/pages'
import { keepPrestart } from '../../../../src/start/lib/prestart'
import { readDraft } from '../../../../src/lib/storage/drafts'
import { ok } from '../../support/http'
import { bodiesTo, fakeServer as server, openAt, pathOf } from '../../support/pageFakes'

const { default: Login } = await import('../../../../src/pages/Login/Login')
// What the page loads on its first action, loaded up front so that fake timers only meet the fake server.
await import('../../../../src/state/session/flows')
await import('../../../../src/ui/AuthForm/errorText')
await import('../../../../src/lib/invite/check')
await import('../../../../src/lib/storage/drafts')

const PAGE = pageByName('Login')!
const field = (id: string) => document.getElementById(id) as HTMLInputElement
/** Lets the page's awaited calls settle (fake timers: nothing real to wait for). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0))

beforeEach(() => {
  openAt('/login')
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  delete window.__prestart
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** The prerendered page as the student left it before the app started, and the taps it held. */
function prerendered(taps: string[]): void {
  const root = document.createElement('div')
  root.innerHTML = `<input id="login-phone" value="138-0013-8000"><input id="login-code" value="12a3456"><input id="login-agree" type="checkbox" checked>
    <button id="login-tab-password" role="tab" aria-selected="false"></button><button id="login-tab-sms" role="tab" aria-selected="true"></button>`
  keepPrestart(root)
  window.__prestart = taps
}

describe('Login takes over the prerendered page', () => {
  it('keeps what was typed, ticked and chosen, and carries out a held tap once with those values', async () => {
    const { calls } = server({ '/sms/code': ok({ resendIn: 60 }) })
    prerendered(['sms'])
    render(<Login page={PAGE} query={{}} />)
    await settle()
    expect(field('login-phone').value).toBe('13800138000')
    expect(field('login-code').value).toBe('123456')
    expect(field('login-agree').checked).toBe(true)
    expect(screen.getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('true')
    expect(bodiesTo(calls, '/sms/code')).toEqual([{ username: '+8613800138000', scene: 'login' }])
    expect(document.documentElement.hasAttribute('data-started')).toBe(true)
    // Later renders do not carry it out again.
    await settle()
    expect(bodiesTo(calls, '/sms/code')).toHaveLength(1)
  })

  it('a held tap the form does not allow yet is refused with the reason, and nothing is sent', async () => {
    const { calls } = server({})
    window.__prestart = ['login']
    render(<Login page={PAGE} query={{}} />)
    await settle()
    expect(screen.getByText('请输入手机号')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })
})

describe('an invitation link', () => {
  it('names who invited, keeps the code for the profile step and opens on the SMS tab', async () => {
    const { calls } = server({ '/invite/check': ok({ inviterName: '王小明', org: { code: 'DEMO', name: '示范学校' } }) })
    render(<Login page={PAGE} query={{ invite: ' ab12cd ' }} />)
    await settle()
    expect(screen.getByRole('note').textContent).toContain('王小明 邀请你一起阅读')
    expect(screen.getByText('加入 示范学校')).toBeTruthy()
    expect(readDraft('improve.invite')).toBe('AB12CD')
    expect(screen.getByRole('tab', { name: '验证码登录' }).getAttribute('aria-selected')).toBe('true')
    expect(calls.map(pathOf)).toEqual(['/invite/check'])
  })

  it('an unknown code brings no welcome', async () => {
    server({ '/invite/check': { body: { code: 100404, msg: 'no such code', data: null } } })
    render(<Login page={PAGE} query={{ invite: 'NOPE' }} />)
    await settle()
    expect(screen.queryByRole('note')).toBeNull()
  })
})

describe('the return from WeChat', () => {
  it('is shown under way, and a refusal says what to do instead on the Login the URL is replaced with', async () => {
    let answer!: () => void
    const { calls } = server({
      '/login/wx/mp': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { code: 200002, msg: 'refused', data: null } })
        }),
    })
    history.replaceState(null, '', '/login?wxcode=js-code')
    const { rerender } = render(<Login page={PAGE} query={{ wxcode: 'js-code' }} />)
    await settle()
    expect(screen.getByRole('status').textContent).toContain('正在通过微信登录')
    expect(bodiesTo(calls, '/login/wx/mp')).toHaveLength(1)
    answer()
    await settle()
    expect(location.search).toBe('')
    rerender(<Login page={PAGE} query={{}} />)
    await settle()
    expect(screen.getByText('微信登录没有成功，请从小程序重新进入，或用手机号登录')).toBeTruthy()
    expect(screen.queryByText('正在通过微信登录…')).toBeNull()
    expect(bodiesTo(calls, '/login/wx/mp')).toHaveLength(1)
  })
})
