/** Not available (missing, private, or no slides) or failed to load, with the call to make one's own. */
import { Button } from '../../ui/Button/Button'
import { JoinCall } from './JoinCall'
import type { Texts } from './texts'

export function Missing({ t, failed, onRetry }: { t: Texts; failed?: string; onRetry?: () => void }) {
  return (
    <div className="report">
      <div className="report__missing" role="status">
        <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
          <rect x="22" y="12" width="52" height="72" rx="10" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="3" />
          <path d="M36 34h24M36 46h24M36 58h14" stroke="var(--c-primary)" strokeWidth="3" strokeLinecap="round" />
          <circle cx="70" cy="70" r="14" fill="var(--c-surface)" stroke="var(--c-accent)" strokeWidth="3" />
          <path d="M64 70h12" stroke="var(--c-accent)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h2>{failed ? t.loadFailed : t.missingTitle}</h2>
        <p>{failed ?? t.missing}</p>
        {onRetry ? (
          <Button variant="secondary" size="s" onClick={onRetry}>
            {t.retry}
          </Button>
        ) : null}
      </div>
      <JoinCall t={t} inviteCode={null} />
    </div>
  )
}
