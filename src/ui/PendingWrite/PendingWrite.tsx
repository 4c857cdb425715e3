/**
 * A write that waits in the outbox, shown where it was made (docs/offline.md): "待同步" while it waits, or
 * the server's refusal with "send again" and "drop it" — nothing is dropped without the student.
 */
import type { OutboxItem } from '../../lib/outbox/outbox'
import { discard, retry } from '../../lib/outbox/outbox'
import { fill } from '../../i18n/format'
import { Button } from '../Button/Button'
import '../Notice/Notice.css'
import './PendingWrite.css'

export interface PendingTexts {
  pending: string
  /** With `{why}`: the server's reason. */
  refused: string
  resend: string
  discard: string
}

export function PendingWrite({ item, texts, className, onDiscarded }: { item: OutboxItem | null; texts: PendingTexts; className?: string; onDiscarded?: () => void }) {
  if (!item) return null
  const classes = ['soft-note', 'pending-write', item.state === 'refused' && 'pending-write--refused', className].filter(Boolean).join(' ')
  if (item.state === 'waiting') {
    return (
      <p className={classes} role="status">
        {texts.pending}
      </p>
    )
  }
  return (
    <div className={classes}>
      <p role="alert">{fill(texts.refused, { why: item.error ?? '' })}</p>
      <div className="pending-write__actions">
        <Button variant="secondary" size="s" onClick={() => void retry(item.id)}>
          {texts.resend}
        </Button>
        <Button
          variant="plain"
          size="s"
          onClick={() =>
            void discard(item.id).then(() => {
              onDiscarded?.()
            })
          }
        >
          {texts.discard}
        </Button>
      </div>
    </div>
  )
}
