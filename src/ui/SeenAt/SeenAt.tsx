/** A note over data shown from the last answer while offline: when it was seen. */
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import './SeenAt.css'

export function SeenAt({ at }: { at: number }) {
  const lang = useLang()
  const sameDay = new Date(at).toDateString() === new Date().toDateString()
  const time = new Intl.DateTimeFormat(lang, sameDay ? { hour: '2-digit', minute: '2-digit' } : { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(at)
  return (
    <p className="seen-at" role="status">
      {translate(lang, 'app.seenAt').replace('{time}', time)}
    </p>
  )
}
