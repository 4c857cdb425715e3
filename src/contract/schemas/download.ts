/** The Download page's data (src/contract/download.ts). */
import { Type } from '@sinclair/typebox'
import { Answer, FileAnswer, Nullable } from './common'

export const ApkInfo = Type.Object({
  /** Same-origin path or absolute URL of the Android package. */
  url: Type.String(),
  version: Type.String(),
  /** Bytes; 0 when unknown. */
  size: Type.Number(),
})

export const DownloadInfo = Type.Object({
  version: Type.String(),
  versionCode: Type.Number(),
  android: Type.Object({ apk: Nullable(ApkInfo), storeUrl: Nullable(Type.String()) }),
  ios: Type.Object({ storeUrl: Nullable(Type.String()) }),
})

/** `.apk` files of the downloads folder, by name. */
export const APK_NAME = /^[\w.-]{1,100}\.apk$/
export const FileParams = Type.Object({ name: Type.String({ pattern: APK_NAME.source }) })

export const ANSWER = { info: Answer(DownloadInfo), file: FileAnswer }
