/** Language choice and lookup. zh-Hans by default; `?lang=en` or the switch picks English and is remembered. */
import type { Lang } from '../../manifest/app'
import { CATALOGUES, type MessageKey } from './messages'

/** The message in `lang`, with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Readonly<Record<string, string | number>>): string {
  const text = CATALOGUES[lang][key]
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : text
}

/** The language a `lang` query value asks for, if it names one we have. */
export function langFromQuery(value: string | null | undefined): Lang | undefined {
  if (!value) return undefined
  const v = value.toLowerCase()
  if (v === 'en' || v.startsWith('en-')) return 'en'
  if (v === 'zh' || v === 'zh-hans' || v === 'zh-cn') return 'zh-Hans'
  return undefined
}
