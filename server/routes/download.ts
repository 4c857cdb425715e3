/**
 * The Download page's data: store links and the Android package. Operators either set the links
 * (ANDROID_STORE_URL, IOS_STORE_URL, APK_URL + APK_VERSION + APK_SIZE; see server/config.ts) or drop
 * `.apk` files into <DATA_DIR>/downloads, which are served here with their length so the page can show
 * progress.
 */
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { APP_CONFIG } from '../../manifest/app'
import { CODE } from '../../src/contract'
import { DOWNLOAD_FILES_PATH, type ApkInfo, type DownloadInfo } from '../../src/contract/download'
import { APK_NAME } from '../../src/contract/schemas/download'
import { ApiError } from '../errors'
import type { ApiRoutes } from './provider'
import { entry } from './table'

export interface DownloadOptions {
  dir: string
  apkUrl?: string
  apkVersion?: string
  apkSize?: number
  androidStoreUrl?: string
  iosStoreUrl?: string
}

/** The newest .apk in the downloads folder; its version is read from a `-<version>.apk` suffix. */
function localApk(dir: string): ApkInfo | null {
  if (!existsSync(dir)) return null
  const files = readdirSync(dir)
    .filter((f) => APK_NAME.test(f))
    .map((f) => ({ f, s: statSync(join(dir, f)) }))
    .filter(({ s }) => s.isFile())
    .sort((a, b) => b.s.mtimeMs - a.s.mtimeMs)
  const newest = files[0]
  if (!newest) return null
  const version = /-(\d+(?:\.\d+)*)\.apk$/.exec(newest.f)?.[1] ?? APP_CONFIG.version
  return { url: `/api${DOWNLOAD_FILES_PATH}/${encodeURIComponent(newest.f)}`, version, size: newest.s.size }
}

export function downloadInfo(o: DownloadOptions): DownloadInfo {
  const configured: ApkInfo | null = o.apkUrl ? { url: o.apkUrl, version: o.apkVersion ?? APP_CONFIG.version, size: o.apkSize ?? 0 } : null
  return {
    version: APP_CONFIG.version,
    versionCode: APP_CONFIG.versionCode,
    android: { apk: configured ?? localApk(o.dir), storeUrl: o.androidStoreUrl ?? null },
    ios: { storeUrl: o.iosStoreUrl ?? null },
  }
}

const downloadRoutes: ApiRoutes = async (app) => {
  const o: DownloadOptions = { dir: join(app.config.dataDir, 'downloads'), ...app.config.download }
  app.route({
    ...entry(app, 'downloadInfo'),
    handler: async (_req, reply) => {
      reply.header('cache-control', 'no-cache')
      return downloadInfo(o)
    },
  })
  app.route({
    ...entry(app, 'downloadFile'),
    // An APK is compressed already, and its exact length is what the page's progress bar divides by.
    compress: false,
    handler: async (req, reply) => {
      const file = join(o.dir, req.params.name)
      if (!existsSync(file) || !statSync(file).isFile()) throw new ApiError(CODE.DATA_EMPTY)
      return reply
        .header('content-type', 'application/vnd.android.package-archive')
        .header('content-length', statSync(file).size)
        .header('content-disposition', `attachment; filename="${req.params.name}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(createReadStream(file))
    },
  })
}

export default downloadRoutes
