/**
 * Which side of the app an account sees (docs/product.md "Roles"): the profile's orgRoleList
 * (`<orgCode>:<role>`, one per membership role) decides what is shown; the server decides what is allowed.
 * Pure, so Home, the Teacher page and the guard read the same answer.
 */
import { TEACHER_ROLE } from '../../contract/tasks'

export const STUDENT_ROLE = 'student'

/** The roles the account holds in the organisation `orgCode` (case-insensitive code). */
export function rolesIn(orgRoleList: readonly string[], orgCode: string | undefined): string[] {
  if (!orgCode) return []
  const code = orgCode.toUpperCase()
  return orgRoleList.flatMap((entry) => {
    const at = entry.lastIndexOf(':')
    return at > 0 && entry.slice(0, at).toUpperCase() === code ? [entry.slice(at + 1)] : []
  })
}

/**
 * `teacher`: only the teacher's side; `both`: either, with a switch; `student`: the student's app (also
 * for an account with no role here, which is what every account was before roles were read).
 */
export type Side = 'student' | 'teacher' | 'both'

export function sideOf(orgRoleList: readonly string[], orgCode: string | undefined): Side {
  const roles = rolesIn(orgRoleList, orgCode)
  if (!roles.includes(TEACHER_ROLE)) return 'student'
  return roles.includes(STUDENT_ROLE) ? 'both' : 'teacher'
}

/** The codes of the organisations where the account holds `role`, in the profile's order. */
export function orgsWithRole(orgRoleList: readonly string[], role: string): string[] {
  const codes = orgRoleList.flatMap((entry) => {
    const at = entry.lastIndexOf(':')
    return at > 0 && entry.slice(at + 1) === role ? [entry.slice(0, at)] : []
  })
  return [...new Set(codes)]
}

/**
 * Where each side is for this account: the organisation to be in to see the teacher's side and the
 * student's (the current one when it holds that role, else the first that does), or null when the account
 * has no such role anywhere. An account that teaches in one organisation and studies in another crosses
 * sides by switching organisation.
 */
export function sidesOf(orgRoleList: readonly string[], orgCode: string | undefined): { teacher: string | null; student: string | null } {
  const here = rolesIn(orgRoleList, orgCode)
  const pick = (role: string) => (orgCode && here.includes(role) ? orgCode : (orgsWithRole(orgRoleList, role)[0] ?? null))
  return { teacher: pick(TEACHER_ROLE), student: pick(STUDENT_ROLE) }
}

/** Staff: a teacher in any organisation. Never counted as a child, so never sent to 家长同意 (docs/privacy.md). */
export function isStaff(orgRoleList: readonly string[]): boolean {
  return orgRoleList.some((entry) => entry.slice(entry.lastIndexOf(':') + 1) === TEACHER_ROLE)
}
