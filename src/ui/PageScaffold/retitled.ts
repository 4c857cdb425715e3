/**
 * A page that is titled otherwise in one of its uses (Improve editing a complete profile, Password changing
 * a password): the page row with that title in the reader's language, and the document titled after it.
 */
import { useEffect, useMemo } from 'react'
import type { Lang } from '../../../manifest/app'
import type { PageRow } from '../../../manifest/pages'
import { documentTitle } from '../../i18n/title'

export function useRetitled(row: PageRow, when: boolean, title: string, lang: Lang): PageRow {
  const page = useMemo(() => (when ? { ...row, title: { ...row.title, [lang]: title } } : row), [when, row, title, lang])
  useEffect(() => {
    if (!when) return
    // The shell titles the document from the page table in this same commit, after this effect: go after it.
    queueMicrotask(() => {
      document.title = documentTitle(page, lang, true)
    })
  }, [when, page, lang])
  return page
}
