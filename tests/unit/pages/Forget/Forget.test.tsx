/**
 * Forget against a fake server, as a student uses it: the shared sign-in pieces (phone field, code field
 * with its send button and countdown, the new password twice, the form's error) on one real page.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageByName } from '../../../../manifest/pages'
import { overlayState } from '../../../../src/ui/Overlay/overlay'
import { ok } from '../../support/http'
import { bodiesTo, fakeServer as server, openAt } from '../../support/pageFakes'

const { default: Forget } = await import('../../../../src/pages/Forget/Forget')
// What the page loads on its first action, loaded up front so that fake timers only meet the fake server.
await import('../../../../src/state/session/flows')
await import('../../../../src/ui/AuthForm/errorText')

const PAGE = pageByName('Forget')!

beforeEach(() => openAt('/forget'))
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
/** Fills the whole form; `confirm` defaults to the password. */
function fillIn(code: string, password: string, confirm = password) {
  type('手机号', '13800138000')
  type('验证码', code)
  type('新密码', password)
  type('确认新密码', confirm)
}
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '重置密码' }))
  })
/** Lets the page's awaited calls settle (fake timers: nothing real to wait for). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0))

describe('Forget', () => {
  it('keeps the labels and autofill hints of every field', () => {
    render(<Forget page={PAGE} query={{}} />)
    expect(field('手机号').getAttribute('autocomplete')).toBe('tel')
    expect(field('验证码').getAttribute('autocomplete')).toBe('one-time-code')
    expect(field('新密码').getAttribute('autocomplete')).toBe('new-password')
    expect(field('确认新密码').getAttribute('autocomplete')).toBe('new-password')
    expect(field('新密码').getAttribute('type')).toBe('password')
    expect(field('新密码').getAttribute('placeholder')).toBe('8 位以上，含字母和数字')
  })

  it('checks every field before sending anything, and a change hides that field’s message', async () => {
    const { calls } = server({})
    render(<Forget page={PAGE} query={{}} />)
    await submit()
    for (const text of ['请输入手机号', '请输入验证码', '请输入新密码', '请再次输入新密码']) expect(screen.getByText(text)).toBeTruthy()
    expect(calls).toHaveLength(0)
    type('手机号', '13800138000')
    expect(screen.queryByText('请输入手机号')).toBeNull()
    expect(screen.getByText('请输入验证码')).toBeTruthy()
  })

  it('sends no code for a wrong number', async () => {
    const { calls } = server({})
    render(<Forget page={PAGE} query={{}} />)
    type('手机号', '1380013')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    })
    expect(screen.getByText('请输入正确的 11 位手机号')).toBeTruthy()
    expect(calls).toHaveLength(0)
  })

  it('sends the code for this scene, then counts down 60 s: at 59 s still waiting, at 60 s ready again', async () => {
    vi.useFakeTimers()
    const { calls } = server({ '/sms/code': ok({ resendIn: 60 }) })
    render(<Forget page={PAGE} query={{}} />)
    type('手机号', '13800138000')
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await settle()
    expect(bodiesTo(calls, '/sms/code')).toEqual([{ username: '+8613800138000', scene: 'forget' }])
    expect(overlayState.content).toMatchObject({ kind: 'toast', text: '验证码已发送', icon: 'success' })
    const button = () => screen.getByRole('button', { name: /秒后重发|获取验证码/ }) as HTMLButtonElement
    expect(button().textContent).toBe('60 秒后重发')
    expect(button().disabled).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(59_000))
    expect(button().textContent).toBe('1 秒后重发')
    expect(button().disabled).toBe(true)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(button().textContent).toBe('获取验证码')
    expect(button().disabled).toBe(false)
  })

  it('a rate limit says how long to wait and counts down that long', async () => {
    vi.useFakeTimers()
    server({ '/sms/code': { status: 429, body: { code: 100003, msg: 'too many requests', data: { retryAfter: 30 } } } })
    render(<Forget page={PAGE} query={{}} />)
    type('手机号', '13800138000')
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }))
    await settle()
    expect(screen.getByRole('alert').textContent).toBe('操作太频繁，请 30 秒后再试')
    expect(screen.getByRole('button', { name: '30 秒后重发' })).toBeTruthy()
  })

  it('asks for the same password twice, then resets it and returns to Login', async () => {
    const { calls } = server({ '/auth/user/forget': ok(null) })
    render(<Forget page={PAGE} query={{}} />)
    fillIn('123456', 'Changed2024', 'Changed2024x')
    await submit()
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy()
    expect(calls).toHaveLength(0)
    type('确认新密码', 'Changed2024')
    await submit()
    await vi.waitFor(() => expect(location.pathname).toBe('/login'))
    expect(bodiesTo(calls, '/auth/user/forget')[0]).toMatchObject({ username: '+8613800138000', payload: { code: '123456', password: 'Changed2024' } })
    expect(overlayState.content).toMatchObject({ kind: 'toast', text: '密码已重置，请用新密码登录' })
  })

  it('shows the server’s refusal in words above the button', async () => {
    server({ '/auth/user/forget': { body: { code: 200005, msg: 'sms code invalid', data: null } } })
    render(<Forget page={PAGE} query={{}} />)
    fillIn('000000', 'Changed2024')
    await submit()
    const alert = await screen.findByRole('alert')
    expect(alert.className).toBe('auth-form__error')
    expect(alert.textContent).toBe('验证码不正确或已过期')
    expect(location.pathname).toBe('/forget')
  })
})
