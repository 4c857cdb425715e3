/**
 * The phone typed on one sign-in page, handed to the next one it opens: Login → Forget starts with it,
 * and Forget → Login after a reset comes back with it (and without the old password). Memory only, taken
 * once.
 */
export interface Handed {
  phone: string
  /** The password of this phone was just reset: what was typed as the old one is of no use. */
  reset: boolean
}

let handed: Handed | null = null

export function handPhone(phone: string, reset = false): void {
  handed = { phone, reset }
}

export function takeHandedPhone(): Handed | null {
  const h = handed
  handed = null
  return h
}
