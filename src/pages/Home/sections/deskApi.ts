/** Home's desk call. */
import type { Envelope } from '../../../contract'
import { DESK_PATH, type Desk } from '../../../contract/desk'
import { request } from '../../../lib/http'

export async function fetchDesk(): Promise<Desk> {
  const res = await request<Envelope<Desk>>({ url: DESK_PATH, auth: true, loading: false, timeout: 15_000 })
  return res.data.data
}
