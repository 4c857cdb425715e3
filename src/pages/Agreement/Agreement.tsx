/**
 * Agreement: the user agreement, the privacy policy and the children's rules (儿童个人信息保护规则, versioned by
 * CHILDREN_RULES_VERSION, docs/privacy.md), as readable text; `?section=privacy` or `?section=children` opens one.
 * The text is in agreement.<language>.json; this file lays out every section the same way.
 */
import { useEffect, useMemo } from 'react'
import { CHILDREN_RULES_VERSION } from '../../contract/guardian'
import { fill } from '../../i18n/format'
import { documentTitle } from '../../i18n/title'
import type { PageProps } from '../../../manifest/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import en from './agreement.en.json'
import zh from './agreement.zh-Hans.json'
import './Agreement.css'

interface Section {
  id: string
  title: string
  /** Replaces the document's date line: the children's rules name their version (`{version}`). */
  updated?: string
  items: { heading: string; text: string }[]
}

/** The documents' text, one file a language; the page only lays them out. */
const DOCS: Record<'zh-Hans' | 'en', { updated: string; sections: Section[] }> = { 'zh-Hans': zh, en }

/** Opened at the privacy policy, the page is headed by its name, as the link that opened it was. */
const PRIVACY_TITLE = { 'zh-Hans': '隐私政策', en: 'Privacy policy' }
const CHILDREN_TITLE = { 'zh-Hans': '儿童个人信息保护规则', en: "Children's rules" }

export default function Agreement({ page: row, query }: PageProps) {
  const lang = useLang()
  const doc = DOCS[lang]
  const privacy = query.section === 'privacy' || query.section === 'children'
  const page = useMemo(() => (privacy ? { ...row, title: query.section === 'children' ? CHILDREN_TITLE : PRIVACY_TITLE } : row), [privacy, row, query.section])
  useEffect(() => {
    if (!privacy) return
    // The shell titles the document from the page table in this same commit, after this effect: go after it.
    queueMicrotask(() => {
      document.title = documentTitle(page, lang, true)
    })
  }, [privacy, page, lang])
  useEffect(() => {
    if (query.section) document.getElementById(`doc-${query.section}`)?.scrollIntoView()
  }, [query.section])
  return (
    <PageScaffold page={page}>
      <nav className="doc__toc" aria-label={lang === 'zh-Hans' ? '目录' : 'Contents'}>
        {doc.sections.map((s) => (
          <a key={s.id} href={`#doc-${s.id}`} className="doc__toc-link">
            {s.title}
          </a>
        ))}
      </nav>
      {doc.sections.map((s) => (
        <article key={s.id} id={`doc-${s.id}`} className="doc" aria-labelledby={`doc-${s.id}-title`}>
          <h2 id={`doc-${s.id}-title`} className="doc__title">
            {s.title}
          </h2>
          <p className="doc__updated">{s.updated ? fill(s.updated, { version: CHILDREN_RULES_VERSION }) : doc.updated}</p>
          {s.items.map((item) => (
            <section key={item.heading} className="doc__item">
              <h3 className="doc__heading">{item.heading}</h3>
              <p className="doc__text">{item.text}</p>
            </section>
          ))}
        </article>
      ))}
    </PageScaffold>
  )
}
