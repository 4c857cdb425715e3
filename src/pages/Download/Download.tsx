/** Download: where unknown routes land. Store links and install steps arrive with the PWA issue. */
import { APP_CONFIG } from '../../../manifest/app'
import type { PageProps } from '../../app/routes'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import './Download.css'

export default function Download({ page }: PageProps) {
  const lang = useLang()
  return (
    <PageScaffold page={page}>
      <section className="download">
        <svg viewBox="0 0 48 48" width="88" height="88" aria-hidden="true">
          <rect width="48" height="48" rx="12" fill="var(--c-primary)" />
          <path d="M11 15c5-2 9-1 13 2v19c-4-3-8-4-13-2z" fill="#fff" />
          <path d="M37 15c-5-2-9-1-13 2v19c4-3 8-4 13-2z" fill="var(--c-accent)" />
        </svg>
        <h2 className="download__name">{APP_CONFIG.productTitle}</h2>
        <p className="download__tagline">{APP_CONFIG.tagline[lang]}</p>
        <p className="download__lead">{translate(lang, 'download.lead')}</p>
        <p className="download__version">v{APP_CONFIG.version}</p>
      </section>
    </PageScaffold>
  )
}
