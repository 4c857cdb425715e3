/** A page whose content arrives with a later feature: its title, the tagline and a calm note. */
import type { PageRow } from '../../../manifest/pages'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { PageScaffold } from '../PageScaffold/PageScaffold'
import './ComingSoon.css'

export function ComingSoon({ page }: { page: PageRow }) {
  const lang = useLang()
  return (
    <PageScaffold page={page}>
      <section className="coming-soon">
        <div className="coming-soon__mark" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="56" height="56">
            <path d="M8 10c6-2 11-1 16 3v26c-5-4-10-5-16-3z" fill="var(--c-primary)" opacity=".85" />
            <path d="M40 10c-6-2-11-1-16 3v26c5-4 10-5 16-3z" fill="var(--c-accent)" />
          </svg>
        </div>
        <h2 className="coming-soon__title">{page.title[lang]}</h2>
        <p className="coming-soon__text">{translate(lang, 'app.comingSoon')}</p>
      </section>
    </PageScaffold>
  )
}
