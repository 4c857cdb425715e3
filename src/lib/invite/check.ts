/**
 * The check of an invitation code (GET /api/invite/check, public), for Login's welcome and Improve's
 * field. It only informs: registration never fails on an unknown code, the server ignores one.
 */
import { CODE } from '../../contract'
import { CALLS } from '../../contract/calls'
import type { InviteCheck } from '../../contract/invite'
import { call, isRequestError } from '../http'

export type InviteVerdict = { known: true; inviterName: string; org: InviteCheck['org'] } | { known: false }

/** Known (with the inviter's name), unknown, or null when the server could not say (offline, busy, …). */
export async function checkInvite(code: string): Promise<InviteVerdict | null> {
  try {
    const { inviterName, org } = await call(CALLS.inviteCheck, { query: { code } })
    return { known: true, inviterName, org: org ?? null }
  } catch (e) {
    if (isRequestError(e) && e.code === CODE.DATA_EMPTY) return { known: false }
    return null
  }
}
