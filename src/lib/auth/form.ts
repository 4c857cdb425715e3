/**
 * What the sign-in forms share: field texts in both languages and the checks made before sending
 * (pure, so the messages are the same on every page and tested once).
 */
import type { Lang } from '../../../manifest/app'
import { checkPassword, checkPhone } from './signInRules'
import { isAcceptablePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract/password'

const zh = {
  phone: '手机号',
  phonePlaceholder: '请输入 11 位手机号',
  password: '密码',
  passwordPlaceholder: '请输入密码',
  newPassword: '新密码',
  newPasswordPlaceholder: '8 位以上，含字母和数字',
  confirmPassword: '确认新密码',
  confirmPlaceholder: '再次输入新密码',
  oldPassword: '当前密码',
  code: '验证码',
  codePlaceholder: '6 位数字',
  sendCode: '获取验证码',
  resend: '{n} 秒后重发',
  codeSent: '验证码已发送',
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的 11 位手机号',
  passwordRequired: '请输入密码',
  newPasswordRequired: '请输入新密码',
  confirmRequired: '请再次输入新密码',
  passwordWeak: `密码需 ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位，同时包含字母和数字`,
  passwordMismatch: '两次输入的密码不一致',
  passwordSame: '新密码不能与当前密码相同',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码为 6 位数字',
  required: '请填写此项',
  tooLong: '最多 {n} 个字',
}
export type FormTexts = typeof zh

const en: FormTexts = {
  phone: 'Phone number',
  phonePlaceholder: '11-digit mobile number',
  password: 'Password',
  passwordPlaceholder: 'Your password',
  newPassword: 'New password',
  newPasswordPlaceholder: '8+ characters, letters and digits',
  confirmPassword: 'Confirm new password',
  confirmPlaceholder: 'Type the new password again',
  oldPassword: 'Current password',
  code: 'Verification code',
  codePlaceholder: '6 digits',
  sendCode: 'Get code',
  resend: 'Resend in {n} s',
  codeSent: 'Code sent',
  phoneRequired: 'Enter your phone number',
  phoneInvalid: 'Enter a valid 11-digit mobile number',
  passwordRequired: 'Enter your password',
  newPasswordRequired: 'Enter a new password',
  confirmRequired: 'Type the new password again',
  passwordWeak: `Use ${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} characters with both letters and digits`,
  passwordMismatch: 'The passwords do not match',
  passwordSame: 'The new password must differ from the current one',
  codeRequired: 'Enter the verification code',
  codeInvalid: 'The code has 6 digits',
  required: 'This field is required',
  tooLong: 'At most {n} characters',
}

export const formTexts = (lang: Lang): FormTexts => (lang === 'zh-Hans' ? zh : en)

type Check = keyof FormTexts | undefined

export { checkPassword, checkPhone, phoneDigits } from './signInRules'

/** What a code field keeps: its digits. */
export const codeDigits = (input: string): string => input.replace(/\D/g, '')

/** The server's rule for a new password (contract/password.ts), and not the current one. */
export function checkNewPassword(password: string, current?: string): Check {
  if (!password) return 'newPasswordRequired'
  if (current && password === current) return 'passwordSame'
  return isAcceptablePassword(password) ? undefined : 'passwordWeak'
}

export function checkConfirm(password: string, confirm: string): Check {
  if (!confirm) return 'confirmRequired'
  return password === confirm ? undefined : 'passwordMismatch'
}

export function checkCode(code: string): Check {
  if (!code) return 'codeRequired'
  return /^\d{6}$/.test(code) ? undefined : 'codeInvalid'
}

/** Login's checks before a sign-in: the phone, and the password or the code of the chosen tab. */
export function signInChecks(by: 'password' | 'sms', phone: string, secret: string): { phone: Check; password: Check } | { phone: Check; code: Check } {
  return by === 'password' ? { phone: checkPhone(phone), password: checkPassword(secret) } : { phone: checkPhone(phone), code: checkCode(secret) }
}

export function checkRequired(value: string, max = 32): Check {
  if (!value.trim()) return 'required'
  return value.trim().length <= max ? undefined : 'tooLong'
}

export type Errors<K extends string> = Partial<Record<K, keyof FormTexts>>

/** The checks that failed, or null when the form may be sent. */
export function failed<K extends string>(checks: Partial<Record<K, Check>>): Errors<K> | null {
  const out: Errors<K> = {}
  let any = false
  for (const key of Object.keys(checks) as K[]) {
    const c = checks[key]
    if (c) {
      out[key] = c
      any = true
    }
  }
  return any ? out : null
}
