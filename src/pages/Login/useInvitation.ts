/**
 * An invitation link (/login?invite=CODE): the code is kept for the profile step of a registration, and
 * once the server knows it, Login names who invited (and their organisation) and says that a new student
 * registers with an SMS code. Both load only on such a link: they are not part of Login's start.
 */
import { useEffect, useState } from 'react'
import type { InviteVerdict } from '../../lib/invite/check'

export type Invitation = Extract<InviteVerdict, { known: true }>

export function useInvitation(inviteCode: string | undefined): Invitation | null {
  const [invitation, setInvitation] = useState<Invitation | null>(null)
  useEffect(() => {
    if (!inviteCode) return
    void import('../../lib/storage/drafts').then(({ saveDraft }) => saveDraft('improve.invite', inviteCode.trim().toUpperCase()))
    let live = true
    void import('../../lib/invite/check')
      .then(({ checkInvite }) => checkInvite(inviteCode))
      .then((v) => {
        if (live && v?.known) setInvitation(v)
      })
    return () => {
      live = false
    }
  }, [inviteCode])
  return invitation
}
