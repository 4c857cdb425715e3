/**
 * Agreement: the user agreement, the privacy policy and the children's rules (儿童个人信息保护规则, versioned by
 * CHILDREN_RULES_VERSION, docs/privacy.md), as readable text; `?section=privacy` or `?section=children` opens one.
 * The text is in agreement.<language>.json; this file lays out every section the same way.
 */
import { useEffect } from 'react'
import { CHILDREN_RULES_VERSION } from '../../contract/guardian'
import { fill } from '../../i18n/format'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'
import type { PageProps } from '../../../manifest/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { useRetitled } from '../../ui/PageScaffold/retitled'
import zh from './agreement.zh-Hans.json'
import './Agreement.css'

interface Section {
  id: string
  title: string
  /** Replaces the document's date line: the children's rules name their version (`{version}`). */
  updated?: string
  items: { heading: string; text: string }[]
}

/**
 * The documents' text, one file a language (the English in ./Agreement.en.ts, loaded only for a reader of
 * English); the page only lays them out. Opened at the privacy policy or the children's rules, the page is
 * headed by its name, as the link that opened it was.
 */
const TEXTS = defineTexts(
  { ...(zh as { updated: string; sections: Section[] }), privacyTitle: '隐私政策', childrenTitle: '儿童个人信息保护规则', contents: '目录' },
  () => import('./Agreement.en'),
)

export default function Agreement({ page: row, query }: PageProps) {
  const lang = useLang()
  const doc = useTexts(TEXTS)
  const privacy = query.section === 'privacy' || query.section === 'children'
  const page = useRetitled(row, privacy, query.section === 'children' ? doc.childrenTitle : doc.privacyTitle, lang)
  useEffect(() => {
    if (query.section) document.getElementById(`doc-${query.section}`)?.scrollIntoView()
  }, [query.section])
  return (
    <PageScaffold page={page}>
      <nav className="doc__toc" aria-label={doc.contents}>
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
