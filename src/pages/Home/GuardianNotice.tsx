/**
 * Home's word on the limited state (docs/privacy.md), from the profile the launch loaded (its `limited`,
 * which the server computes with the sign-in check): an under-14 account without a guardian's consent sees
 * why it cannot share and the way to ask a guardian; an account without a birth month (sent to Consent at
 * launch) is reminded to give it; a staff account is never limited. The server is what limits; this only
 * says so.
 */
import { LIMITED_TEXTS } from '../../lib/guardian/limited'
import { useAuth } from '../../state/auth'
import { useLang } from '../../state/app'
import { push } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'

export function GuardianNotice() {
  const lang = useLang()
  const limited = useAuth().userInfo?.limited
  if (!limited) return null
  return (
    <div className="home__banner" role="note">
      <span>{LIMITED_TEXTS(lang)[limited]}</span>
      <Button size="s" onClick={() => push('/consent')}>
        {LIMITED_TEXTS(lang).ask}
      </Button>
    </div>
  )
}
