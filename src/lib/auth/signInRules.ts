/**
 * Login's own checks before a sign-in, without anything else of the forms (lib/auth/checks.ts re-exports them): the
 * chunk that sends a first visit's 登录 before the app's logic (start/lib/firstTap.ts) needs the same checks
 * as the page, and none of its words.
 */
import { barePhone } from '../../contract/phone'

/** Digits of a mainland mobile number; a pasted '+86 138-0013-8000' loses its prefix and dashes, and letters go before the 11-digit limit applies. */
export function phoneDigits(input: string): string {
  return barePhone(input) ?? input.replace(/\D/g, '').slice(0, 11)
}

export function checkPhone(phone: string): 'phoneRequired' | 'phoneInvalid' | undefined {
  if (!phone.trim()) return 'phoneRequired'
  return barePhone(phone) ? undefined : 'phoneInvalid'
}

export function checkPassword(password: string): 'passwordRequired' | undefined {
  return password ? undefined : 'passwordRequired'
}
