/**
 * Whether Home needs to ask an account's guardian status (docs/privacy.md). An account whose month of
 * birth is known and which is 14 or older cannot become limited by anything it does on this device, so
 * once the server said so, Home does not ask again in this run; an account of unknown age or under 14 is
 * asked at every open (a consent can be withdrawn, the rules' version can change). Kept in memory only: a
 * guardian's correction of the birth month elsewhere is seen at the next start.
 */
import type { GuardianStatus } from '../../contract/guardian'

const settled = new Set<string>()

/** Whether `account`'s status may still say something (an empty account is always asked). */
export function statusMatters(account: string): boolean {
  return !account || !settled.has(account)
}

/** Keeps what the server answered for `account`. */
export function noteStatus(account: string, status: GuardianStatus): void {
  if (account && status.birth && !status.under14 && !status.limited) settled.add(account)
  else settled.delete(account)
}

/** Tests: forget every account. */
export function resetStatuses(): void {
  settled.clear()
}
