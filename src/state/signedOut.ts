/**
 * Why the last session ended without the student asking (docs/product.md's kick, a refused refresh, the
 * school disabling the account), kept in memory for the Login that follows: it says so until the student's
 * next action there, instead of only a toast that is gone before it is read. A quiet ending (a stale cached session at launch) leaves none.
 */
import type { SessionEnding } from '../lib/http/config'

/** The endings the HTTP client names (lib/http/config.ts); the live channel's kick is one of them. */
export type SignedOutReason = SessionEnding

let reason: SignedOutReason | null = null

export function setSignedOutReason(next: SignedOutReason | null): void {
  reason = next
}

/**
 * The reason, kept until the student acts on Login or signs in again: the way to Login after a kick may
 * pass through other Login mounts (a guarded page on the way back through history), and each shows it.
 */
export const signedOutReason = (): SignedOutReason | null => reason
