// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { checkCode, checkConfirm, checkNewPassword, checkPhone, checkRequired, failed, signInChecks } from '../../../../src/lib/auth/checks'
import { formTexts } from '../../../../src/i18n/formTexts'
import { fill } from '../../../../src/i18n/format'

describe('form checks before sending', () => {
  it.each([
    ['', 'phoneRequired'],
    ['12345', 'phoneInvalid'],
    ['12800138000', 'phoneInvalid'],
    ['13800138000', undefined],
    ['+86 138-0013-8000', undefined],
  ])('phone %j → %s', (v, e) => expect(checkPhone(v)).toBe(e))

  it.each([
    ['', 'newPasswordRequired'],
    ['abcdefgh', 'passwordWeak'],
    ['12345678', 'passwordWeak'],
    ['abc123', 'passwordWeak'],
    ['abcd1234', undefined],
    [`a1${'x'.repeat(63)}`, 'passwordWeak'],
  ])('new password %j → %s', (v, e) => expect(checkNewPassword(v)).toBe(e))

  it('confirm must match', () => {
    expect(checkConfirm('abcd1234', '')).toBe('confirmRequired')
    expect(checkConfirm('abcd1234', 'abcd1235')).toBe('passwordMismatch')
    expect(checkConfirm('abcd1234', 'abcd1234')).toBeUndefined()
  })

  it.each([
    ['', 'codeRequired'],
    ['12345', 'codeInvalid'],
    ['123456', undefined],
  ])('code %j → %s', (v, e) => expect(checkCode(v)).toBe(e))

  it('required text and its bound', () => {
    expect(checkRequired('  ')).toBe('required')
    expect(checkRequired('x'.repeat(33))).toBe('tooLong')
    expect(checkRequired('Li Hua')).toBeUndefined()
  })

  it('failed() lists only what failed, or null', () => {
    expect(failed({ phone: checkPhone(''), code: checkCode('123456') })).toEqual({ phone: 'phoneRequired' })
    expect(failed({ phone: checkPhone('13800138000') })).toBeNull()
  })

  it('every message exists in both languages and fills placeholders', () => {
    expect(Object.keys(formTexts('en'))).toEqual(Object.keys(formTexts('zh-Hans')))
    expect(fill(formTexts('en').resend, { n: 42 })).toBe('Resend in 42 s')
  })
})

describe("Login's checks before a sign-in", () => {
  it.each([
    ['password', '13800138000', 'Passw0rd!', null],
    ['password', '13800138000', '', { password: 'passwordRequired' }],
    ['password', '1380013800', 'Passw0rd!', { phone: 'phoneInvalid' }],
    ['sms', '13800138000', '123456', null],
    ['sms', '13800138000', '12345', { code: 'codeInvalid' }],
    ['sms', '', '', { phone: 'phoneRequired', code: 'codeRequired' }],
  ] as const)('%s with %s / %s → %j', (by, phone, secret, refused) => {
    expect(failed(signInChecks(by, phone, secret))).toEqual(refused)
  })
})

describe('server refusals in words', async () => {
  const { errorText } = await import('../../../../src/ui/AuthForm/errorText')
  const { errors, retryAfterOf } = await import('../../../../src/lib/http/errors')
  it('a rate limit names the server’s retry time', () => {
    const e = errors.status(429, 100003, { retryAfter: 42 })
    expect(retryAfterOf(e)).toBe(42)
    expect(errorText('zh-Hans', e)).toBe('操作太频繁，请 42 秒后再试')
    expect(errorText('en', e)).toBe('Too many tries. Please try again in 42 s')
  })
  it('business codes and network failures read as words', () => {
    expect(errorText('zh-Hans', errors.business(200002, 'password invalid', 200))).toBe('手机号或密码不正确')
    expect(errorText('en', errors.timeout())).toBe('Network problem. Check your connection and try again')
    expect(errorText('en', errors.business(999999, 'odd', 200))).toBe('odd')
  })
  it('no answer while online names the Wi-Fi sign-in page or the server, not the network; offline, the network', () => {
    vi.stubGlobal('navigator', { onLine: true })
    expect(errorText('zh-Hans', errors.network())).toBe('连不上服务器，当前 Wi-Fi 可能需要先登录认证，认证后再试')
    vi.stubGlobal('navigator', { onLine: false })
    expect(errorText('en', errors.network())).toBe('Network problem. Check your connection and try again')
    vi.unstubAllGlobals()
  })
  it('a wait of two minutes or more reads in whole minutes (887 s → 15 minutes)', () => {
    expect(errorText('zh-Hans', errors.status(429, 100003, { retryAfter: 119 }))).toBe('操作太频繁，请 119 秒后再试')
    expect(errorText('zh-Hans', errors.status(429, 100003, { retryAfter: 120 }))).toBe('操作太频繁，请 2 分钟后再试')
    expect(errorText('en', errors.status(429, 100003, { retryAfter: 887 }))).toBe('Too many tries. Please try again in 15 minutes')
  })
  it('the password lock points to the ways in that stay open', () => {
    const e = errors.status(429, 100003, { retryAfter: 887, reason: 'password-locked' })
    expect(errorText('zh-Hans', e)).toBe('密码错误次数过多，请 15 分钟后再试；也可以用短信验证码登录，或通过“忘记密码”重设')
    expect(errorText('en', e)).toContain('sign in with an SMS code')
  })
  it('tries left are told from five down, and the last wrong password says the lock has begun', () => {
    const wrong = (triesLeft: number) => errors.business(200002, 'password invalid', 200, { triesLeft })
    expect(errorText('zh-Hans', wrong(6))).toBe('手机号或密码不正确')
    expect(errorText('zh-Hans', wrong(5))).toBe('手机号或密码不正确，还可以再试 5 次')
    expect(errorText('en', wrong(1))).toBe('The phone number or password is not correct. 1 try left')
    expect(errorText('zh-Hans', wrong(0))).toBe('手机号或密码不正确。密码已暂时锁定，可用短信验证码登录或“忘记密码”重设')
  })
  it('on the change-password form a wrong password is the current one', () => {
    expect(errorText('zh-Hans', errors.business(200002, 'oldPassword: does not match', 200, { triesLeft: 9 }), 'change-password')).toBe('当前密码不正确')
  })
  it('a code burnt by wrong tries asks for a new one', () => {
    expect(errorText('zh-Hans', errors.business(200005, 'code used up', 200, { reason: 'used-up' }))).toBe('验证码错误次数过多，已失效，请重新获取验证码')
    expect(errorText('zh-Hans', errors.business(200005, 'sms code invalid', 200))).toBe('验证码不正确或已过期')
  })
})
