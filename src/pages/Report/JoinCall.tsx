/** For a visitor: the call to make a year in review of their own (with the inviter's code when there is one). */
import { push } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'
import type { Texts } from './texts'

export function JoinCall({ t, inviteCode }: { t: Texts; inviteCode: string | null }) {
  return (
    <section className="report__own" aria-labelledby="report-own">
      <h2 id="report-own">{t.ownTitle}</h2>
      <p>{t.ownLead}</p>
      <Button block onClick={() => push(inviteCode ? `/2023/join?invite=${encodeURIComponent(inviteCode)}` : '/2023/join')}>
        {t.makeOwn}
      </Button>
    </section>
  )
}
