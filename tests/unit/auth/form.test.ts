import { describe, expect, it } from 'vitest'
import { checkCode, checkConfirm, checkNewPassword, checkPhone, checkRequired, failed, fill, formTexts } from '../../../src/lib/auth/form'

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

describe('server refusals in words', async () => {
  const { errorText, retryAfterOf } = await import('../../../src/lib/auth/texts')
  const { errors } = await import('../../../src/lib/http/errors')
  it('a rate limit names the server’s retry time', () => {
    const e = errors.status(429, 100003, { retryAfter: 42 })
    expect(retryAfterOf(e)).toBe(42)
    expect(errorText('zh-Hans', e)).toBe('操作太频繁，请 42 秒后再试')
    expect(errorText('en', e)).toBe('Too many tries. Please try again in 42 s')
  })
  it('business codes and network failures read as words', () => {
    expect(errorText('zh-Hans', errors.business(200002, 'password invalid', 200))).toBe('手机号或密码不正确')
    expect(errorText('en', errors.network())).toBe('Network problem. Check your connection and try again')
    expect(errorText('en', errors.business(999999, 'odd', 200))).toBe('odd')
  })
})
