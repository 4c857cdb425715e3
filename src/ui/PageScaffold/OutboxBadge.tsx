/** The page header's count of writes waiting in the outbox (a cloud with a number); nothing when none wait. */
import { useOutboxCount } from '../../hooks/useOutboxCount'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import './OutboxBadge.css'

export function OutboxBadge() {
  const waiting = useOutboxCount()
  const lang = useLang()
  if (waiting === 0) return null
  return (
    <span className="scaffold__outbox" role="status" aria-label={translate(lang, 'app.outboxCount', { n: waiting })}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        <path d="M7 18h10a4 4 0 0 0 .6-8A6 6 0 0 0 6.2 9.2 4.5 4.5 0 0 0 7 18z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        <path d="M12 15V10m-2.5 2.5L12 10l2.5 2.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="scaffold__outbox-n" aria-hidden="true">
        {waiting}
      </span>
    </span>
  )
}
