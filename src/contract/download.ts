/** GET /download/info: what the Download page offers (our call; docs/contract.md). */
export interface ApkInfo {
  /** Same-origin path or absolute URL of the Android package. */
  url: string
  version: string
  /** Bytes; 0 when unknown. */
  size: number
}

export interface DownloadInfo {
  version: string
  versionCode: number
  android: { apk: ApkInfo | null; storeUrl: string | null }
  ios: { storeUrl: string | null }
}

export const DOWNLOAD_INFO_PATH = '/download/info'
export const DOWNLOAD_FILES_PATH = '/download/files'
