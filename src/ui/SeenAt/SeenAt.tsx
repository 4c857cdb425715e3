/** A note over data shown from the last answer while offline: when it was seen. */
import { formatDateTime, formatDay } from '../../i18n/format'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import './SeenAt.css'

export function SeenAt({ at }: { at: number }) {
  const lang = useLang()
  const sameDay = new Date(at).toDateString() === new Date().toDateString()
  const time = sameDay ? formatDateTime(lang, at, { hour: '2-digit', minute: '2-digit' }) : formatDay(lang, at, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })
  return (
    <p className="seen-at" role="status">
      {translate(lang, 'app.seenAt').replace('{time}', time)}
    </p>
  )
}
