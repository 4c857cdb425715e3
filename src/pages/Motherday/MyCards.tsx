/**
 * "我的贺卡": the cards the student has sent (`GET /api/cards`), newest first, each opening its page with
 * its share link; the ones still waiting or refused are listed above by WaitingCards. Read offline from
 * the offline copy (docs/offline.md).
 */
import { CALLS } from '../../contract/calls'
import { formatDateTime } from '../../i18n/format'
import { useResource } from '../../hooks/useResource'
import { copyText } from '../../lib/clipboard/clipboard'
import { call } from '../../lib/http'
import { COPY, isCardList } from '../../lib/offline/pages'
import { push } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import type { Lang, Texts } from './texts'
import { CARD } from '../../ui/Card/card'

const loadMine = () => call(CALLS.myCards, {})

export function MyCards({ t, lang, generation }: { t: Texts; lang: Lang; generation: number }) {
  const [state] = useResource(loadMine, `cards:${generation}`, { remember: COPY.cards, check: isCardList })
  if (state.kind !== 'ready' || state.data.length === 0) return null
  return (
    <section className={`${CARD} motherday__waiting motherday__mine`} aria-labelledby="motherday-mine">
      <h2 id="motherday-mine">{t.myCards}</h2>
      {state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
      <ul>
        {state.data.map((card) => {
          const path = `/motherday?id=${encodeURIComponent(card.id)}`
          const url = new URL(path, location.origin).href
          return (
            <li key={card.id} className="motherday__waiting-item" data-state="sent">
              <a
                className="motherday__mine-link"
                href={path}
                onClick={(e) => {
                  e.preventDefault()
                  push(path)
                }}
              >
                <span className="motherday__waiting-text">
                  {card.to ? `${card.to}：` : ''}
                  {card.message}
                </span>
                <span className="motherday__mine-meta">
                  <span className="motherday__mine-state">{t.sent}</span>
                  {card.shareable ? null : <span>{t.private}</span>}
                  <span>{formatDateTime(lang, card.createdAt, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' })}</span>
                </span>
              </a>
              {card.shareable ? (
                <Button variant="plain" size="s" aria-label={`${t.copyLink}：${card.to}`} onClick={() => void copyText(url, { lang, notify: (m) => showToast(m) })}>
                  {t.copyLink}
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
