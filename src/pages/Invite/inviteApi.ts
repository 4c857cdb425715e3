/** The Invite page's calls. */
import type { Envelope } from '../../contract'
import { INVITE_PATH, type InviteInfo } from '../../contract/invite'
import { request } from '../../lib/http'

export async function fetchInvite(): Promise<InviteInfo> {
  const res = await request<Envelope<InviteInfo>>({ url: INVITE_PATH, auth: true, loading: false, timeout: 15_000 })
  return res.data.data
}
