/** Loads the Download page's data through the request client (kept out of the page's first chunk). */
import type { Envelope } from '../../contract'
import { DOWNLOAD_INFO_PATH, type DownloadInfo } from '../../contract/download'
import { request } from '../../lib/http'

export async function fetchDownloadInfo(): Promise<DownloadInfo> {
  const res = await request<Envelope<DownloadInfo>>({ url: DOWNLOAD_INFO_PATH, loading: false, timeout: 15_000 })
  return res.data.data
}
