/**
 * Filling message placeholders, and the bilingual text tables: what Login's start needs of src/i18n/format.ts,
 * kept apart so that the dates and numbers there are not part of it (budgets.json). Login's start imports
 * this file; everything else imports them from format.ts, which re-exports them.
 */
import type { Lang } from '../../manifest/app'

/** `text` with each `{name}` replaced by `vars[name]`; a placeholder without a value stays as written. */
export function fill(text: string, vars: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

/** A table of texts in both languages, the English held to the keys of the Chinese: `texts(lang)` gives the reader's. */
export function bilingual<T>(zh: T, en: NoInfer<T>): (lang: Lang) => T {
  return (lang) => (lang === 'zh-Hans' ? zh : en)
}
