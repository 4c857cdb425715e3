/**
 * A note over data shown from the last answer while the API cannot be reached: when it was seen. Offline it
 * says so; behind a Wi-Fi sign-in page the status bar above already says why, so the note says only when
 * (one explanation per screen).
 */
import { fill, formatClock, formatWhen, sameDay } from '../../i18n/format'
import { useOnline } from '../../hooks/useOnline'
import { useReach } from '../../hooks/useReach'
import { useLang } from '../../state/app'
import { defineTexts } from '../../i18n/texts'
import './SeenAt.css'

/** Kept here, not in the app's catalogue: no page of Login's start shows it. */
const TEXTS = defineTexts(
  { offline: '离线中，显示的是 {time} 看到的内容', cutOff: '显示的是 {time} 看到的内容' },
  () => import('./SeenAt.en'),
)

export function SeenAt({ at }: { at: number }) {
  const lang = useLang()
  const online = useOnline()
  const reach = useReach()
  const time = sameDay(at, Date.now()) ? formatClock(at) : formatWhen(lang, at)
  return (
    <p className="seen-at" role="status">
      {fill(TEXTS(lang)[online && reach !== 'ok' ? 'cutOff' : 'offline'], { time })}
    </p>
  )
}
