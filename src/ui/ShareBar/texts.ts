/**
 * Texts of the public share pages (opus, read, task, Sound) and their widgets (English in texts.en.ts). Kept
 * beside the widgets rather than in the app catalogue so they load with the share chunks only.
 */
import type { Lang } from '../../../manifest/app'
import { fill, formatWhen } from '../../i18n/format'
import { defineTexts } from '../../i18n/texts'

const zh = {
  notAvailable: '此内容不可用',
  notAvailableText: '内容不存在，或作者已不再分享。',
  loadFailed: '内容加载失败',
  retry: '重试',
  share: '分享',
  shareText: '在 Habor 上看到一份好内容，分享给你',
  barTitle: '在 Habor 阅读与表达',
  barOpen: '打开 App',
  explore: '了解 Habor',
  loading: '加载中...',
  minutes: '分钟',
  pages: '页',
  streak: '连续阅读',
  days: '天',
  readOn: '阅读于',
  notes: '读书笔记',
  bookSoFar: '这本书已读 {n} 次，共 {m} 分钟',
  pagesTotal: '全书 {n} 页',
  due: '截止',
  published: '发布于',
  attachments: '附件',
  openAttachment: '打开附件 {name}',
  from: '来自 {who}',
  recording: '音频',
  play: '播放',
  pause: '暂停',
  seek: '播放进度',
  speed: '播放速度',
  speedValue: '播放速度 {v}×',
  audioError: '音频暂时无法播放',
  images: '作品图片',
  image: '第 {n} 张图片',
}

/** The English side loads only for a reader of English (i18n/texts.ts). */
const SHARE_TEXTS = defineTexts(zh, () => import('./texts.en'))

type Key = keyof typeof zh


export type ShareTextKey = Key

export function shareText(lang: Lang, key: Key, vars?: Readonly<Record<string, string | number>>): string {
  const text = SHARE_TEXTS(lang)[key]
  return vars ? fill(text, vars) : text
}

/** A date (and optionally time) in the reader's language (formatWhen); `offsetMin` shows it in that UTC offset. */
export function formatDate(lang: Lang, ms: number, opts: { time?: boolean; offsetMin?: number } = {}): string {
  if (opts.offsetMin === undefined) return formatWhen(lang, ms, { time: opts.time === true })
  const shift = opts.offsetMin * 60_000
  return formatWhen(lang, ms + shift, { time: opts.time === true, now: Date.now() + shift, timeZone: 'UTC' })
}
