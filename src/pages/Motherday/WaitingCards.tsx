/** The cards made here that wait in the outbox, each waiting or refused (with "send again" and "delete"). */
import { fill } from '../../i18n/format'
import * as outbox from '../../lib/outbox/outbox'
import type { OutboxItem } from '../../lib/outbox/outbox'
import { Button } from '../../ui/Button/Button'
import { FreeSpaceLink } from './FreeSpaceLink'
import { storageFullText, storageQuotaOf } from './storageQuota'
import type { Texts } from './texts'
import { CARD } from '../../ui/Card/card'

export function WaitingCards({ items, t }: { items: OutboxItem[]; t: Texts }) {
  const act = (what: 'retry' | 'discard', id: string) => void (what === 'retry' ? outbox.retry(id) : outbox.discard(id))
  return (
    <section className={`${CARD} motherday__waiting`} aria-labelledby="motherday-waiting">
      <h2 id="motherday-waiting">{t.waitingTitle}</h2>
      <ul>
        {items.map((item) =>
          item.payload.kind === 'card' ? (
            <li key={item.id} className="motherday__waiting-item" data-state={item.state}>
              <p className="motherday__waiting-text">
                {item.payload.body.to ? `${item.payload.body.to}：` : ''}
                {item.payload.body.message}
              </p>
              {item.state === 'waiting' ? (
                <p className="motherday__waiting-state">{t.waiting}</p>
              ) : (
                <>
                  <p className="motherday__error" role="alert">
                    {storageQuotaOf(item.errorData) ? storageFullText(t, storageQuotaOf(item.errorData)!, true) : fill(t.refused, { why: item.error ?? '' })}
                  </p>
                  {storageQuotaOf(item.errorData) ? (
                    <FreeSpaceLink text={t.freeSpace} />
                  ) : null}
                  <div className="motherday__row">
                    <Button variant="secondary" size="s" onClick={() => act('retry', item.id)}>
                      {t.resend}
                    </Button>
                    <Button variant="plain" size="s" onClick={() => act('discard', item.id)}>
                      {t.discard}
                    </Button>
                  </div>
                </>
              )}
            </li>
          ) : null,
        )}
      </ul>
    </section>
  )
}
