/** The Invite page's calls. */
import { CALLS } from '../../contract/calls'
import type { InviteInfo } from '../../contract/invite'
import { call } from '../../lib/http'

export const fetchInvite = (): Promise<InviteInfo> => call(CALLS.invite, {})
