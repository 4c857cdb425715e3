/** The frame of every page: a navigation bar with Back and the page title, and a centred content column. */
import { lazy, Suspense, type ReactNode } from 'react'
import { DEFAULT_MAX_WIDTH, type PageRow } from '../../../manifest/pages'
import { back, currentIndex, replace } from '../../state/navigation'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { useSignedIn } from '../../state/session/machine'
import './PageScaffold.css'

// Out of the first start of the signed-out pages (Login) that never show it.
const OutboxBadge = lazy(() => import('./OutboxBadge').then((m) => ({ default: m.OutboxBadge })))

interface Props {
  page: PageRow
  children: ReactNode
  /** Hide the navigation bar (full-bleed pages such as Login). */
  bare?: boolean
  actions?: ReactNode
}

export function PageScaffold({ page, children, bare = false, actions }: Props) {
  const lang = useLang()
  const loggedIn = useSignedIn()
  const canGoBack = currentIndex() > 0
  // A page opened straight from a link has nothing to go back to: it offers the way in instead.
  const wayIn = !canGoBack && page.name !== 'Home' && page.name !== 'Login'
  const maxWidth = page.maxWidth ?? DEFAULT_MAX_WIDTH
  return (
    <div className="scaffold" style={{ ['--page-max' as string]: `${maxWidth}px` }}>
      {!bare && (
        <header className="scaffold__bar">
          <div className="scaffold__bar-inner">
            {canGoBack ? (
              <button type="button" className="scaffold__back" onClick={() => back()} aria-label={translate(lang, 'app.back')}>
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            ) : wayIn ? (
              <button
                type="button"
                className="scaffold__back"
                onClick={() => replace(loggedIn ? '/home' : '/login')}
                aria-label={translate(lang, loggedIn ? 'app.home' : 'app.toLogin')}
              >
                <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                  <path d="M4 11l8-7 8 7M6 9.5V20h4.5v-6h3v6H18V9.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            ) : (
              <span className="scaffold__back-space" aria-hidden="true" />
            )}
            <h1 className="scaffold__title">{page.title[lang]}</h1>
            <div className="scaffold__actions">
              {/* Writes made offline that wait to be sent (the outbox): only a signed-in student has any. */}
              {loggedIn ? (
                <Suspense fallback={null}>
                  <OutboxBadge />
                </Suspense>
              ) : null}
              {actions}
            </div>
          </div>
        </header>
      )}
      <main className="scaffold__main">{children}</main>
    </div>
  )
}
