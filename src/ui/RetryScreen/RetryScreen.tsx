/** docs/product.md "Errors"'s connection time-out screen: the whole tap area retries. Reused by the PWA and network layers. */
import { useOnline } from '../../hooks/useOnline'
import { useReach } from '../../hooks/useReach'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import './RetryScreen.css'

interface Props {
  onRetry: () => void
  /** Replaces the catalogue's 'connection timed out, tap to retry'. */
  message?: string
  /** The page keeps what was seen for offline use, and has nothing yet for this account: say so. */
  neverSeen?: boolean
}

export function RetryScreen({ onRetry, message, neverSeen = false }: Props) {
  const lang = useLang()
  // When the browser knows it is offline, say so: it is not the server that is slow.
  const online = useOnline()
  const reach = useReach()
  return (
    <div className="retry-screen">
      <button type="button" className="retry-screen__tap" onClick={onRetry}>
        <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="var(--c-surface)" stroke="var(--c-line)" strokeWidth="2" />
          <path d="M18 27a20 20 0 0 1 28 0M23 33a13 13 0 0 1 18 0" fill="none" stroke="var(--c-text-2)" strokeWidth="3" strokeLinecap="round" />
          <circle cx="32" cy="40" r="3" fill="var(--c-text-2)" />
          <path d="M20 46L44 18" stroke="var(--c-danger)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <span className="retry-screen__text">{message ?? translate(lang, !online ? 'app.offlineRetry' : reach === 'portal' ? 'app.portalRetry' : reach === 'cut-off' ? 'app.cutOffRetry' : 'app.timeout')}</span>
        {neverSeen && <span className="retry-screen__text retry-screen__never">{translate(lang, 'app.neverSeen')}</span>}
        <span className="retry-screen__button">{translate(lang, 'app.retry')}</span>
      </button>
    </div>
  )
}
