/** Login: the brand entry. The sign-in forms arrive with the sign-in issue. */
import { APP_CONFIG } from '../../../manifest/app'
import type { PageProps } from '../../app/routes'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import './Login.css'

export default function Login({ page }: PageProps) {
  const lang = useLang()
  return (
    <PageScaffold page={page} bare>
      <section className="login">
        <div className="login__brand">
          <svg className="login__logo" viewBox="0 0 48 48" width="72" height="72" aria-hidden="true">
            <rect width="48" height="48" rx="12" fill="var(--c-primary)" />
            <path d="M11 15c5-2 9-1 13 2v19c-4-3-8-4-13-2z" fill="#fff" />
            <path d="M37 15c-5-2-9-1-13 2v19c4-3 8-4 13-2z" fill="var(--c-accent)" />
          </svg>
          <h1 className="login__title">{APP_CONFIG.productTitle}</h1>
          <p className="login__tagline">{APP_CONFIG.tagline[lang]}</p>
        </div>
        <p className="login__lead">{translate(lang, 'login.lead')}</p>
      </section>
    </PageScaffold>
  )
}
