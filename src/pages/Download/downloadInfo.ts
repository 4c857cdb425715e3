/** Loads the Download page's data through the request client (kept out of the page's first chunk). */
import { CALLS } from '../../contract/calls'
import type { DownloadInfo } from '../../contract/download'
import { call } from '../../lib/http'

export const fetchDownloadInfo = (): Promise<DownloadInfo> => call(CALLS.downloadInfo, {})
