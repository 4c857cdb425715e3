/**
 * The live channel's messages that are not inbox entries (docs/architecture.md, "The live channel"): sent
 * to every open session of an account, checked on arrival like anything the channel carries.
 */
import { oneOf, shape } from './guards'

/**
 * What the sign-in check reads of the account changed on someone else's device (a guardian corrected the
 * profile or withdrew the consent): the app loads the profile again, so Home's note is the server's now,
 * not at the next start.
 */
export interface AccountChanged {
  type: 'account-changed'
}

export const ACCOUNT_CHANGED: AccountChanged = { type: 'account-changed' }

export const isAccountChanged = shape<AccountChanged>({ type: oneOf(['account-changed'] as const) })
