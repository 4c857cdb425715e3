/** GET /download/info: what the Download page offers (our call; docs/contract.md). */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/download'

export type ApkInfo = Static<typeof S.ApkInfo>
export type DownloadInfo = Static<typeof S.DownloadInfo>

export const DOWNLOAD_INFO_PATH = '/download/info'
export const DOWNLOAD_FILES_PATH = '/download/files'
