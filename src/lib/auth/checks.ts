/**
 * The checks the sign-in forms make before sending, each answering with the key of its message in
 * i18n/formTexts.ts (pure, so the messages are the same on every page and tested once).
 */
import type { formTexts } from '../../i18n/formTexts'
import type { TextsOf } from '../../i18n/texts'
import { isAcceptablePassword } from '../../contract/password'

type Check = keyof TextsOf<typeof formTexts> | undefined

// Login's own checks live apart, without the forms' texts, for the chunk that sends a first visit's 登录.
export { checkPassword, checkPhone, phoneDigits } from './signInRules'
import { checkPassword, checkPhone } from './signInRules'

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

export type Errors<K extends string> = Partial<Record<K, keyof TextsOf<typeof formTexts>>>

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
