/** Renders the shared toast/loading overlay. One host, mounted next to the router. */
import { createPortal } from 'react-dom'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { push } from '../../state/navigation'
import { useOverlay, type OverlayContent, type ToastIcon } from './overlay'
import './Overlay.css'

function Icon({ icon }: { icon: ToastIcon }) {
  if (icon === 'none') return null
  if (icon === 'loading') return <span className="overlay__spinner" aria-hidden="true" />
  return (
    <svg className="overlay__icon" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
      {icon === 'success' ? (
        <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M7 7l10 10M17 7L7 17" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      )}
    </svg>
  )
}

function OverlayContentView({ content }: { content: Exclude<OverlayContent, { kind: 'none' }> }) {
  const lang = useLang()
  if (content.kind === 'loading') {
    return (
      <div className="overlay overlay--mask" data-overlay="loading">
        <div className="overlay__box overlay__box--icon" role="status" aria-live="polite" aria-busy="true">
          <span className="overlay__spinner" aria-hidden="true" />
          <span>{content.text || translate(lang, 'app.loading')}</span>
        </div>
      </div>
    )
  }
  return (
    <div className={`overlay${content.icon === 'none' ? ' overlay--text' : ''}`} data-overlay="toast">
      <div className={`overlay__box${content.icon === 'none' ? '' : ' overlay__box--icon'}`} role="status" aria-live="polite" key={content.id}>
        <Icon icon={content.icon} />
        <span>{content.text}</span>
        {content.link ? (
          <a
            className="overlay__link"
            href={content.link.href}
            onClick={(e) => {
              e.preventDefault()
              push(content.link!.href)
            }}
          >
            {content.link.text}
          </a>
        ) : null}
      </div>
    </div>
  )
}

/** Portalled to <body> so it stays readable while a modal makes #root inert; nothing at all when idle. */
export function OverlayHost() {
  const content = useOverlay()
  if (content.kind === 'none') return null
  return createPortal(<OverlayContentView content={content} />, document.body)
}
