/**
 * "Rotate your device" where the orientation cannot be locked. A dismissible card, never a wall: the page
 * stays usable in either orientation (WCAG 1.3.4). It takes its own place at the top of the page, in the
 * flow, so it never lies over a control; closing it is remembered.
 */
import { useRotateHint } from '../../hooks/useRotateHint'
import { translate } from '../../i18n/i18n'
import { dismissRotateHint } from '../../lib/device/orientation'
import { useLang } from '../../state/app'
import './RotateHint.css'

export function RotateHint() {
  const wanted = useRotateHint()
  const lang = useLang()
  if (!wanted) return null
  return (
    <div className="rotate-hint-slot">
    {/* A div: ARIA allows the status role on it, not on an aside. */}
    <div className="rotate-hint" role="status" aria-live="polite" data-wanted={wanted}>
      <svg className="rotate-hint__icon" viewBox="0 0 48 48" width="40" height="40" aria-hidden="true">
        <rect x="15" y="6" width="18" height="30" rx="3.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
        <rect x="9" y="25" width="30" height="17" rx="3.5" fill="var(--c-primary)" opacity=".22" stroke="var(--c-primary)" strokeWidth="2.4" />
        <path d="M38 12a12 12 0 0 1 3 10" fill="none" stroke="var(--c-accent)" strokeWidth="2.4" strokeLinecap="round" />
        <path d="M43.5 19.5l-2.6 3.2-3.3-2.4" fill="none" stroke="var(--c-accent)" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="rotate-hint__text">{translate(lang, wanted === 'landscape' ? 'rotate.landscape' : 'rotate.portrait')}</p>
      <button type="button" className="rotate-hint__close" onClick={dismissRotateHint} aria-label={translate(lang, 'rotate.dismiss')}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
    </div>
  )
}
