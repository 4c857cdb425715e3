/**
 * Home and the teacher's side (docs/product.md "Roles"): a teacher-only account is sent to /teacher; an
 * account with both roles sees a way across. Home also reads the profile again when a class notice
 * arrives (confirmed, refused, removed), so 班级待老师确认 leaves or comes back without a reload.
 */
import { useEffect } from 'react'
import { isInboxNotified, type InboxKind } from '../../contract/inbox'
import { sideOf, sidesOf } from '../../lib/auth/roles'
import { useAuth } from '../../state/auth'
import { replace } from '../../state/navigation'

/** The inbox kinds that change the student's confirmed class. */
const CLASS_KINDS: readonly InboxKind[] = ['class-confirmed', 'class-refused', 'class-removed']

/** Sends a teacher-only account (here) to its desk; answers the organisation of the teacher's side, if any, for the way across. */
export function useTeacherSide(): string | null {
  const auth = useAuth()
  const side = sideOf(auth.orgRoleList, auth.org?.code)
  useEffect(() => {
    if (side === 'teacher') replace('/teacher')
  }, [side])
  return side === 'teacher' ? null : sidesOf(auth.orgRoleList, auth.org?.code).teacher
}

export function useClassNotices(): void {
  useEffect(() => {
    let stop = () => {}
    let gone = false
    void import('../../lib/live').then(({ live }) => {
      if (gone) return
      stop = live.onMessage((m) => {
        if (!isInboxNotified(m) || !CLASS_KINDS.includes(m.entry.kind)) return
        void import('../../state/session/flows').then((f) => f.loadProfile({ loading: false })).catch(() => undefined)
      })
    })
    return () => {
      gone = true
      stop()
    }
  }, [])
}
