/**
 * File choice of docs/product.md "Input rules": which files an <input type=file> may offer and which chosen files are
 * kept. A count above 1 allows several; images default to 9, other files to 100; a video longer than
 * 60 s is refused; a file that cannot be read is refused as 'file error' (docs/product.md "Errors").
 */
import type { Lang } from '../../../manifest/app'
import { translate } from '../../i18n/i18n'

export const IMAGE_CHOOSE_COUNT = 9
export const FILE_CHOOSE_COUNT = 100
/** Longest video accepted, in seconds. */
export const VIDEO_MAX_DURATION = 60
/** The framework code of docs/product.md "Errors" for a file that cannot be read. */
export const FILE_ERROR = 'file error'

export type ChooseKind = 'image' | 'video' | 'file'

export interface ChooseRequest {
  kind: ChooseKind
  /** How many files at most; default 9 for images, 100 otherwise. */
  count?: number
  /** For kind 'file': allowed extensions such as '.pdf'; any file when empty. */
  extensions?: readonly string[]
  /** For kind 'video': longest accepted duration in seconds (default 60). */
  maxDuration?: number
}

export type RefusalReason = 'wrong-type' | 'over-count' | 'too-long' | typeof FILE_ERROR

export interface Refusal {
  name: string
  reason: RefusalReason
}

export interface ChosenFile {
  file: File
  /** Seconds, for videos. */
  duration?: number
}

export function chooseCount({ kind, count }: ChooseRequest): number {
  const fallback = kind === 'image' ? IMAGE_CHOOSE_COUNT : FILE_CHOOSE_COUNT
  return typeof count === 'number' && Number.isFinite(count) && count >= 1 ? Math.floor(count) : fallback
}

/** The attributes of the file input for a request. */
export function inputAttributes(request: ChooseRequest): { accept: string | undefined; multiple: boolean } {
  const accept =
    request.kind === 'image'
      ? 'image/*'
      : request.kind === 'video'
        ? 'video/*'
        : request.extensions?.length
          ? request.extensions.map((e) => (e.startsWith('.') ? e : `.${e}`)).join(',')
          : undefined
  return { accept, multiple: chooseCount(request) > 1 }
}

/** Whether a file is of the requested kind (by MIME type, or by extension for plain files). */
export function matchesKind(file: { name: string; type: string }, request: ChooseRequest): boolean {
  if (request.kind === 'image') return file.type.startsWith('image/')
  if (request.kind === 'video') return file.type.startsWith('video/')
  if (!request.extensions?.length) return true
  const name = file.name.toLowerCase()
  return request.extensions.some((e) => name.endsWith((e.startsWith('.') ? e : `.${e}`).toLowerCase()))
}

/** The effects checkChosen needs; tests pass their own. */
export interface FileProbe {
  canRead(file: File): Promise<boolean>
  /** Duration in seconds; rejects when the video cannot be read. */
  videoDuration(file: File): Promise<number>
}

export const browserProbe: FileProbe = {
  async canRead(file) {
    try {
      await file.slice(0, 1).arrayBuffer()
      return true
    } catch {
      return false
    }
  },
  videoDuration(file) {
    return new Promise((resolve, reject) => {
      const url = URL.createObjectURL(file)
      const video = document.createElement('video')
      const done = () => {
        URL.revokeObjectURL(url)
        video.removeAttribute('src')
      }
      video.preload = 'metadata'
      video.muted = true
      video.onloadedmetadata = () => {
        const seconds = video.duration
        done()
        resolve(seconds)
      }
      video.onerror = () => {
        done()
        reject(new Error(FILE_ERROR))
      }
      video.src = url
    })
  },
}

/** Keeps the files that pass the rules, in order, and says why each other one was refused. */
export async function checkChosen(
  files: readonly File[],
  request: ChooseRequest,
  probe: FileProbe = browserProbe,
): Promise<{ chosen: ChosenFile[]; refused: Refusal[] }> {
  const chosen: ChosenFile[] = []
  const refused: Refusal[] = []
  const limit = chooseCount(request)
  const maxDuration = request.maxDuration ?? VIDEO_MAX_DURATION
  let accepted = 0
  for (const file of files) {
    if (!matchesKind(file, request)) {
      refused.push({ name: file.name, reason: 'wrong-type' })
      continue
    }
    if (accepted >= limit) {
      refused.push({ name: file.name, reason: 'over-count' })
      continue
    }
    if (!(await probe.canRead(file))) {
      refused.push({ name: file.name, reason: FILE_ERROR })
      continue
    }
    if (request.kind === 'video') {
      let duration: number
      try {
        duration = await probe.videoDuration(file)
      } catch {
        refused.push({ name: file.name, reason: FILE_ERROR })
        continue
      }
      // Some recorders write no duration (Infinity or NaN): unknown is not proven too long.
      if (Number.isFinite(duration) && duration > maxDuration) {
        refused.push({ name: file.name, reason: 'too-long' })
        continue
      }
      chosen.push({ file, duration })
    } else {
      chosen.push({ file })
    }
    accepted += 1
  }
  return { chosen, refused }
}

/** One message per kind of refusal, most serious first, in the user's language. */
export function refusalMessages(refused: readonly Refusal[], request: ChooseRequest, lang: Lang): string[] {
  const reasons = new Set(refused.map((r) => r.reason))
  const out: string[] = []
  if (reasons.has(FILE_ERROR)) out.push(translate(lang, 'file.error'))
  if (reasons.has('too-long')) out.push(translate(lang, 'file.tooLong').replace('{n}', String(request.maxDuration ?? VIDEO_MAX_DURATION)))
  if (reasons.has('wrong-type')) out.push(translate(lang, 'file.wrongType'))
  if (reasons.has('over-count')) out.push(translate(lang, 'file.overCount').replace('{n}', String(chooseCount(request))))
  return out
}
