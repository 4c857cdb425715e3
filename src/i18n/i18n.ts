/** Language choice and lookup. zh-Hans by default; `?lang=en` or the switch picks English and is remembered. */
import type { Lang } from '../../manifest/app'
import { appTexts, type MessageKey } from './messages'
import { fill } from './fill'
import { loadTextsFor } from './texts'

/**
 * Makes `lang`'s texts available (the app's catalogue and every text table defined so far, ./texts.ts); the
 * app awaits this before it shows that language. Rejects when the app's catalogue cannot load.
 */
export async function loadLang(lang: Lang): Promise<void> {
  await loadTextsFor(lang)
  if (lang === 'en' && !appTexts.en) throw new Error('the English catalogue did not load')
}

/** The message in `lang` (zh-Hans until that language's catalogue has loaded), with `{name}` placeholders filled from `vars`. */
export function translate(lang: Lang, key: MessageKey, vars?: Readonly<Record<string, string | number>>): string {
  const text = appTexts(lang)[key]
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
