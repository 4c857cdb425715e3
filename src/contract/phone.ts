/** Chinese mobile numbers: every written form is one account, stored as `+86…` (docs/contract.md). */

export const COUNTRY_PREFIX = '+86'

/** Mainland mobile numbers: 11 digits starting with 1, second digit 3–9. */
const MOBILE = /^1[3-9]\d{9}$/

/**
 * '13800138000', '+86 138-0013-8000', '8613800138000', '0086…' → '+8613800138000'; anything else → null.
 * Spaces, dashes, dots and parentheses are ignored.
 */
export function normalizePhone(input: unknown): string | null {
  if (typeof input !== 'string') return null
  let s = input.trim().replace(/[\s\-.()]/g, '')
  if (s.startsWith('+86')) s = s.slice(3)
  else if (s.startsWith('0086')) s = s.slice(4)
  else if (s.length === 13 && s.startsWith('86')) s = s.slice(2)
  return MOBILE.test(s) ? COUNTRY_PREFIX + s : null
}

/** The bare 11-digit number of a valid phone, or null. */
export function barePhone(input: unknown): string | null {
  const p = normalizePhone(input)
  return p ? p.slice(COUNTRY_PREFIX.length) : null
}

/** '+8613800138000' → '138****8000' for display and logs. */
export function maskPhone(input: unknown): string {
  const b = barePhone(input)
  return b ? `${b.slice(0, 3)}****${b.slice(7)}` : ''
}
