/**
 * A text table (i18n/texts.ts) in the reader's language. Its English side is normally here before the
 * page renders (the language's choice and a page's load wait for it); when it is not, the component waits
 * for it (suspends) rather than show the words in the other language for a moment.
 */
import { use } from 'react'
import type { TextTable } from '../i18n/texts'
import { useLang } from '../state/app'

export function useTexts<T>(table: TextTable<T>): T {
  const lang = useLang()
  if (lang === 'en' && !table.en) return use(table.load())
  return table(lang)
}
