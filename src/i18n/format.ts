/** Filling message placeholders and writing dates and numbers in the reader's language: one place for each. */
import type { Lang } from '../../manifest/app'

// Placeholders live in ./fill (Login's start needs them without the dates below); re-exported here.
export { fill } from './fill'

/** The locale each interface language formats dates and numbers in. */
export const LOCALE: Record<Lang, string> = { 'zh-Hans': 'zh-CN', en: 'en-GB' }

/** English month names, fixed: ICU's en-GB writes September as "Sept" in some versions and "Sep" in others. */
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

interface Parts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
}

const partFormats = new Map<string, Intl.DateTimeFormat>()

/** The calendar fields of `ms` in `timeZone` (the device's when none is named), on a 24-hour clock. */
function partsOf(ms: number, timeZone?: string): Parts {
  const key = timeZone ?? ''
  let f = partFormats.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
    partFormats.set(key, f)
  }
  const parts = f.formatToParts(ms)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour') % 24, minute: get('minute') }
}

const pad = (n: number) => String(n).padStart(2, '0')

export interface WhenOptions {
  /** false where only a date is meant (a day read, a day made): no time of day. Default true. */
  time?: boolean
  /** What "this year" is measured from. */
  now?: number
  /** The zone to read the calendar in (tests, a reading's own offset); the device's by default. */
  timeZone?: string
}

/**
 * The one way the app writes a moment (docs/architecture.md "Dates"): the same fields in the same order on
 * every page, the year only when it is not this year's, a 24-hour clock.
 *
 *   zh-Hans  11月28日 20:26   2025年11月28日 20:26   (date only: 11月28日, 2025年11月28日)
 *   en       28 Nov, 20:26    28 Nov 2025, 20:26     (date only: 28 Nov, 28 Nov 2025)
 *
 * A record from December 2023 thus reads 2023年12月30日, never 12月30日, which a student would take for
 * this year's; and never 11/28, which is not how a Chinese school writes a date.
 */
export function formatWhen(lang: Lang, ms: number, { time = true, now = Date.now(), timeZone }: WhenOptions = {}): string {
  const p = partsOf(ms, timeZone)
  const thisYear = p.year === partsOf(now, timeZone).year
  const clock = `${pad(p.hour)}:${pad(p.minute)}`
  if (lang === 'zh-Hans') {
    const day = `${thisYear ? '' : `${p.year}年`}${p.month}月${p.day}日`
    return time ? `${day} ${clock}` : day
  }
  const day = `${p.day} ${EN_MONTHS[p.month - 1]}${thisYear ? '' : ` ${p.year}`}`
  return time ? `${day}, ${clock}` : day
}

/** The time of day alone, 24-hour (20:26): for what happened today, where the day goes without saying. */
export function formatClock(ms: number, timeZone?: string): string {
  const p = partsOf(ms, timeZone)
  return `${pad(p.hour)}:${pad(p.minute)}`
}

/** Whether `a` and `b` fall on the same calendar day (in `timeZone`, the device's by default). */
export function sameDay(a: number, b: number, timeZone?: string): boolean {
  const x = partsOf(a, timeZone)
  const y = partsOf(b, timeZone)
  return x.year === y.year && x.month === y.month && x.day === y.day
}

export const formatNumber = (lang: Lang, n: number): string => n.toLocaleString(LOCALE[lang])
