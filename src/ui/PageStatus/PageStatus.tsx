/** Page-level states: the delayed loading indicator and the page-load error that reloads on click (SPEC §8). */
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

export function PageLoadError({ onRetry = () => location.reload() }: { onRetry?: () => void }) {
  const lang = useLang()
  return (
    <div className="page-status">
      <button type="button" className="page-status__retry" onClick={onRetry}>
        {translate(lang, 'app.pageLoadError')}
      </button>
    </div>
  )
}
