/**
 * Home and the teacher's side (docs/product.md "Roles"): a teacher-only account is sent to /teacher; an
 * account with both roles sees a way across. (A class notice reads the profile again app-wide: app/push.ts.)
 */
import { useEffect } from 'react'
import { sideOf, sidesOf } from '../../lib/auth/roles'
import { useAuth } from '../../state/auth'
import { replace } from '../../state/navigation'

/** Sends a teacher-only account (here) to its desk; answers the organisation of the teacher's side, if any, for the way across. */
export function useTeacherSide(): string | null {
  const auth = useAuth()
  const side = sideOf(auth.orgRoleList, auth.org?.code)
  useEffect(() => {
    if (side === 'teacher') replace('/teacher')
  }, [side])
  return side === 'teacher' ? null : sidesOf(auth.orgRoleList, auth.org?.code).teacher
}
