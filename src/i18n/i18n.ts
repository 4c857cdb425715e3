/** Language choice and lookup. zh-Hans by default; `?lang=en` or the switch picks English and is remembered. */
import type { Lang } from '../../manifest/app'
import { zh, type Catalogue, type MessageKey } from './messages'
import { fill } from './fill'

// zh-Hans is the default and ships with the app; English loads on demand, so most students never fetch it.
const catalogues: Partial<Record<Lang, Catalogue>> = { 'zh-Hans': zh }

/** Makes `lang`'s catalogue available; the app awaits this before it shows that language. */
export async function loadLang(lang: Lang): Promise<void> {
  if (catalogues[lang]) return
  if (lang === 'en') catalogues.en = (await import('./en')).en
}

/** The message in `lang` (zh-Hans until that language's catalogue has loaded), with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Readonly<Record<string, string | number>>): string {
  const text = (catalogues[lang] ?? zh)[key]
  return vars ? fill(text, vars) : text
}

/** The language a `lang` query value asks for, if it names one we have. */
export function langFromQuery(value: string | null | undefined): Lang | undefined {
  if (!value) return undefined
  const v = value.toLowerCase()
  if (v === 'en' || v.startsWith('en-')) return 'en'
  if (v === 'zh' || v === 'zh-hans' || v === 'zh-cn') return 'zh-Hans'
  return undefined
}
