/**
 * A note over data shown from the last answer while the API cannot be reached: when it was seen. Offline it
 * says so; behind a Wi-Fi sign-in page the status bar above already says why, so the note says only when
 * (one explanation per screen).
 */
import { formatClock, formatWhen, sameDay } from '../../i18n/format'
import { translate } from '../../i18n/i18n'
import { useOnline } from '../../hooks/useOnline'
import { useReach } from '../../hooks/useReach'
import { useLang } from '../../state/app'
import './SeenAt.css'

export function SeenAt({ at }: { at: number }) {
  const lang = useLang()
  const online = useOnline()
  const reach = useReach()
  const time = sameDay(at, Date.now()) ? formatClock(at) : formatWhen(lang, at)
  return (
    <p className="seen-at" role="status">
      {translate(lang, online && reach !== 'ok' ? 'app.seenAtCutOff' : 'app.seenAt').replace('{time}', time)}
    </p>
  )
}
