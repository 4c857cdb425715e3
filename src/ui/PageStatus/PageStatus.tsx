/** Page-level states: the delayed loading indicator and the page-load error that reloads on click (docs/product.md "Errors"). */
import { useEffect, useState } from 'react'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import './PageStatus.css'

export function DelayedLoading({ delayMs }: { delayMs: number }) {
  const lang = useLang()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs)
    return () => clearTimeout(timer)
  }, [delayMs])
  if (!visible) return <div className="page-status" aria-hidden="true" />
  return (
    <div className="page-status" role="status" aria-live="polite">
      <span className="page-status__spinner" aria-hidden="true" />
      <span>{translate(lang, 'app.loading')}</span>
    </div>
  )
}

/** docs/product.md "Errors"'s generic page-load error: one tap reloads (the PWA issue reuses it for a failed chunk). */
export function PageLoadError({ onRetry = () => location.reload() }: { onRetry?: () => void }) {
  const lang = useLang()
  return (
    <div className="page-status">
      <button type="button" className="page-status__error" onClick={onRetry}>
        <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
          <rect x="10" y="8" width="44" height="48" rx="8" fill="var(--c-surface)" stroke="var(--c-line)" strokeWidth="2" />
          <path d="M20 22h24M20 30h16" stroke="var(--c-line)" strokeWidth="3" strokeLinecap="round" />
          <circle cx="42" cy="44" r="9" fill="var(--c-accent)" />
          <path d="M42 39v6M42 48.5v.5" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
        </svg>
        <span className="page-status__retry">{translate(lang, 'app.pageLoadError')}</span>
      </button>
    </div>
  )
}
