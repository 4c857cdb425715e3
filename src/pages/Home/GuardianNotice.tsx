/**
 * Home's word on the limited state (docs/privacy.md): an account without a birth month is sent once to
 * Consent to give it; an under-14 account without a guardian's consent sees why it cannot share and the
 * way to ask a guardian; a staff account is asked nothing. The server is what limits; this only says so. An account of 14 or older is not
 * asked again once the server said so (lib/guardian/status.ts).
 */
import { useEffect, useState } from 'react'
import { GUARDIAN, type LimitReason } from '../../contract/guardian'
import { call } from '../../lib/http/client'
import { LIMITED_TEXTS } from '../../lib/guardian/limited'
import { isStaff } from '../../lib/auth/roles'
import { noteStatus, statusMatters } from '../../lib/guardian/status'
import { authState } from '../../state/auth'
import { useLang } from '../../state/app'
import { push, replace } from '../../state/navigation'
import { sessionAccount } from '../../state/session/machine'
import { Button } from '../../ui/Button/Button'

export function GuardianNotice() {
  const lang = useLang()
  const [limited, setLimited] = useState<LimitReason | null>(null)
  useEffect(() => {
    // An account of 14 or older, once known, has nothing more to be told (lib/guardian/status.ts).
    const account = sessionAccount()
    // Staff (a teacher anywhere) are never counted as children: never sent to 家长同意 (docs/privacy.md).
    if (isStaff(authState.orgRoleList) || !statusMatters(account)) return
    let live = true
    call(GUARDIAN.guardianStatus, {}).then(
      (s) => {
        noteStatus(account, s)
        if (!live) return
        if (!s.birth) replace('/consent')
        else setLimited(s.limited)
      },
      // Offline or refused: nothing to say; the server still refuses what is not allowed.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
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
