/**
 * "我的贺卡": the cards the student has sent (`GET /api/cards`), newest first, each opening its page with
 * its share link; the ones still waiting or refused are listed above by WaitingCards. Read offline from
 * the offline copy (docs/offline.md). Each can be deleted with its recording (`DELETE /api/cards/:id`),
 * which frees the recordings' space; a delete made offline waits in the outbox and lands when the
 * connection returns, the card marked 待删除 until then.
 */
import { useEffect, useState } from 'react'
import { CALLS } from '../../contract/calls'
import { fill, formatWhen } from '../../i18n/format'
import { useResource } from '../../hooks/useResource'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import { copyText } from '../../lib/clipboard/clipboard'
import { call } from '../../lib/http'
import * as outbox from '../../lib/outbox/outbox'
import { COPY, isCardList } from '../../lib/offline/pages'
import { push } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'
import { showModal } from '../../ui/Modal/modal'
import { showToast } from '../../ui/Overlay/overlay'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import type { Lang, Texts } from './texts'
import { CARD } from '../../ui/Card/card'

const loadMine = () => call(CALLS.myCards, {})

/** The section's id: the storage-quota message links here. */
export const MY_CARDS_ID = 'my-cards'

export function MyCards({ t, lang, generation }: { t: Texts; lang: Lang; generation: number }) {
  // Bumped as a delete lands, so that the list is asked for again.
  const [deletes, setDeletes] = useState(0)
  const [state] = useResource(loadMine, `cards:${generation}:${deletes}`, { remember: COPY.cards, check: isCardList })
  const pending = new Set(useOutboxItems().flatMap((i) => (i.payload.kind === 'cardDelete' ? [i.payload.cardId] : [])))
  useEffect(
    () =>
      outbox.onLanded((item) => {
        if (item.payload.kind === 'cardDelete') setDeletes((n) => n + 1)
      }),
    [],
  )
  if (state.kind !== 'ready' || state.data.length === 0) return null

  const remove = async (id: string) => {
    const { confirm } = await showModal({ content: t.deleteConfirm, confirmText: t.deleteCard })
    if (!confirm) return
    try {
      const answer = await outbox.sendOrQueue({ kind: 'cardDelete', cardId: id, key: outbox.newKey() })
      if ('sent' in answer) {
        setDeletes((n) => n + 1)
        showToast(t.deleted, { icon: 'success' })
      } else showToast(t.deleteQueued)
    } catch {
      showToast(t.deleteFailed)
    }
  }

  return (
    <section id={MY_CARDS_ID} className={`${CARD} motherday__waiting motherday__mine`} aria-labelledby="motherday-mine" tabIndex={-1}>
      <h2 id="motherday-mine">{t.myCards}</h2>
      {state.seenAt !== undefined && <SeenAt at={state.seenAt} />}
      <ul>
        {state.data.map((card) => {
          const path = `/motherday?id=${encodeURIComponent(card.id)}`
          const url = new URL(path, location.origin).href
          const deleting = pending.has(card.id)
          const name = card.to || card.message
          return (
            <li key={card.id} className="motherday__waiting-item" data-state={deleting ? 'deleting' : 'sent'}>
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
                  <span className={deleting ? 'motherday__mine-state motherday__mine-state--deleting' : 'motherday__mine-state'}>{deleting ? t.deleting : t.sent}</span>
                  {card.shareable ? null : <span>{t.private}</span>}
                  <span>{formatWhen(lang, card.createdAt)}</span>
                </span>
              </a>
              {deleting ? null : (
                <span className="motherday__mine-actions">
                  {card.shareable ? (
                    <Button variant="plain" size="s" aria-label={`${t.copyLink}：${card.to}`} onClick={() => void copyText(url, { lang, notify: (m) => showToast(m) })}>
                      {t.copyLink}
                    </Button>
                  ) : null}
                  <Button variant="plain" size="s" className="motherday__mine-delete" aria-label={fill(t.deleteLabel, { name })} onClick={() => void remove(card.id)}>
                    {t.deleteCard}
                  </Button>
                </span>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
