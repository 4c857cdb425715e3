/** Why the last session ended (a kick, an expiry), said on Login until the student's next action there. */
import { useLayoutEffect, useState } from 'react'
import { setSignedOutReason, signedOutReason, type SignedOutReason } from '../../state/signedOut'
import { hideToast } from '../../ui/Overlay/overlay'

export function useSignedOutNotice(): [reason: SignedOutReason | null, acted: () => void] {
  const [reason, setReason] = useState<SignedOutReason | null>(null)
  useLayoutEffect(() => {
    const why = signedOutReason()
    if (!why) return
    setReason(why)
    // The same words as the toast: said once, where they stay.
    hideToast()
  }, [])
  const acted = () => {
    if (!reason) return
    setReason(null)
    setSignedOutReason(null)
  }
  return [reason, acted]
}
