/** Language choice and lookup. zh-Hans by default; `?lang=en` or the switch picks English and is remembered. */
import type { Lang } from '../../manifest/app'
import { CATALOGUES, type MessageKey } from './messages'

export function translate(lang: Lang, key: MessageKey): string {
  return CATALOGUES[lang][key]
}

/** The language a `lang` query value asks for, if it names one we have. */
export function langFromQuery(value: string | null | undefined): Lang | undefined {
  if (!value) return undefined
  const v = value.toLowerCase()
  if (v === 'en' || v.startsWith('en-')) return 'en'
  if (v === 'zh' || v === 'zh-hans' || v === 'zh-cn') return 'zh-Hans'
  return undefined
}
