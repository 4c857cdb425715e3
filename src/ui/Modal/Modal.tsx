/** The modal dialog host: role="dialog" aria-modal, focus kept inside, Esc cancels, focus restored after. */
import { useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { answerModal, useCurrentModal, type OpenModal } from './modal'
import './Modal.css'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

function Dialog({ modal }: { modal: OpenModal }) {
  const lang = useLang()
  const titleId = useId()
  const bodyId = useId()
  const boxRef = useRef<HTMLDivElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null
    // The page behind is inert while a dialog is open: no focus, no taps, not read out.
    const root = document.getElementById('root')
    root?.setAttribute('inert', '')
    confirmRef.current?.focus()
    const onKeyDown = (e: KeyboardEvent) => {
      const box = boxRef.current
      if (!box) return
      if (e.key === 'Escape') {
        e.preventDefault()
        answerModal(modal.id, false)
        return
      }
      if (e.key !== 'Tab') return
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE))
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) return
      const active = document.activeElement
      if (e.shiftKey && (active === first || !box.contains(active))) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (active === last || !box.contains(active))) {
        e.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      root?.removeAttribute('inert')
      if (before?.isConnected) before.focus()
    }
  }, [modal.id])

  return (
    <div className="modal">
      <div className="modal__mask" aria-hidden="true" />
      <div
        ref={boxRef}
        className="modal__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={modal.title ? titleId : undefined}
        aria-label={modal.title ? undefined : modal.content}
        aria-describedby={bodyId}
      >
        {modal.title && (
          <h2 id={titleId} className="modal__title">
            {modal.title}
          </h2>
        )}
        <p id={bodyId} className="modal__content">
          {modal.content}
        </p>
        <div className="modal__actions">
          {modal.showCancel !== false && (
            <button type="button" className="modal__button" onClick={() => answerModal(modal.id, false)}>
              {modal.cancelText || translate(lang, 'app.cancel')}
            </button>
          )}
          <button ref={confirmRef} type="button" className="modal__button modal__button--confirm" onClick={() => answerModal(modal.id, true)}>
            {modal.confirmText || translate(lang, 'app.ok')}
          </button>
        </div>
      </div>
    </div>
  )
}

export function ModalHost() {
  const modal = useCurrentModal()
  return modal ? createPortal(<Dialog key={modal.id} modal={modal} />, document.body) : null
}
