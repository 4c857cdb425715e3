/** Filling message placeholders and formatting dates and numbers in the reader's language: one place for each. */
import type { Lang } from '../../manifest/app'

/** `text` with each `{name}` replaced by `vars[name]`; a placeholder without a value stays as written. */
export function fill(text: string, vars: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** The locale each interface language formats dates and numbers in. */
export const LOCALE: Record<Lang, string> = { 'zh-Hans': 'zh-CN', en: 'en-GB' }

/** `ms` as a date (and time, as `options` ask) in the reader's language. */
export const formatDateTime = (lang: Lang, ms: number, options: Intl.DateTimeFormatOptions): string => new Intl.DateTimeFormat(LOCALE[lang], options).format(ms)

/**
 * A calendar day (and time, as `options` ask) that names its year when it is not the year of `now`: a
 * record from December 2023 reads 2023年12月30日, not 12月30日, which a student would take for this year's.
 */
export function formatDay(lang: Lang, ms: number, options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' }, now: number = Date.now()): string {
  const tz = options.timeZone
  const year = (at: number) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: tz }).format(at)
  return formatDateTime(lang, ms, year(ms) === year(now) ? options : { year: 'numeric', ...options })
}

export const formatNumber = (lang: Lang, n: number): string => n.toLocaleString(LOCALE[lang])

/** A table of texts in both languages, the English held to the keys of the Chinese: `texts(lang)` gives the reader's. */
export function bilingual<T>(zh: T, en: NoInfer<T>): (lang: Lang) => T {
  return (lang) => (lang === 'zh-Hans' ? zh : en)
}
