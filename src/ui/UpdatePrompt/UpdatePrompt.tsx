/** "New version available — reload": shown when a new service worker is waiting. */
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { applyUpdate, dismissUpdate, usePwa } from '../../state/pwa'
import './UpdatePrompt.css'

export function UpdatePrompt() {
  const { updateReady } = usePwa()
  const lang = useLang()
  if (!updateReady) return null
  return (
    <div className="update-prompt" role="alertdialog" aria-live="polite" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text" className="update-prompt__text">
        {translate(lang, 'pwa.updateReady')}
      </p>
      <div className="update-prompt__actions">
        <button type="button" className="update-prompt__later" onClick={dismissUpdate}>
          {translate(lang, 'pwa.later')}
        </button>
        <button type="button" className="update-prompt__reload" onClick={applyUpdate}>
          {translate(lang, 'pwa.reload')}
        </button>
      </div>
    </div>
  )
}
