/**
 * The limited rule of docs/privacy.md, in one place: staff are never limited; an account without a month
 * and year of birth is limited ('age-unknown'); an account under 14 is limited until a guardian's current
 * consent ('guardian-consent'). The facts come from one read wherever they are needed: the sign-in check's
 * (services/users `sessionAccount`) and the batch read of services/guardian `limitsOf`.
 */
import { sql } from 'kysely'
import { CHILDREN_RULES_VERSION, isUnderConsentAge, type LimitReason } from '../../src/contract/guardian'
import { TEACHER_ROLE } from '../../src/contract/tasks'

export interface Birth {
  year: number
  month: number
}

export const birthFrom = (s: { birth_year: number | null; birth_month: number | null } | undefined): Birth | null =>
  s && s.birth_year !== null && s.birth_month !== null ? { year: Number(s.birth_year), month: Number(s.birth_month) } : null

/** An account's newest consent row, whatever its state. */
export interface Consent {
  rulesVersion: string
  consentedAt: number
  withdrawnAt: number | null
  guardianPhone: string
}

/** The newest consent of a row that left-joined `guardian_consents as c`, or null. */
export const consentFrom = (r: { c_rules_version: string | null; c_consented_at: number | null; c_withdrawn_at: number | null; c_guardian_phone: string | null }): Consent | null =>
  r.c_rules_version !== null && r.c_consented_at !== null && r.c_guardian_phone !== null
    ? { rulesVersion: r.c_rules_version, consentedAt: Number(r.c_consented_at), withdrawnAt: r.c_withdrawn_at === null ? null : Number(r.c_withdrawn_at), guardianPhone: r.c_guardian_phone }
    : null

/**
 * The join condition that keeps, of the consents joined as `c`, only the account's newest: the latest
 * `consented_at`, then the lowest id (the one services/guardian `latestConsent` picks).
 */
export const NEWEST_CONSENT = sql<boolean>`not exists (select 1 from guardian_consents newer where newer.user_id = c.user_id and (newer.consented_at > c.consented_at or (newer.consented_at = c.consented_at and newer.id < c.id)))`

/** A consent that counts: the newest, not withdrawn, to the current version of the rules. */
export const isCurrentConsent = (c: Consent | null): c is Consent => Boolean(c && c.withdrawnAt === null && c.rulesVersion === CHILDREN_RULES_VERSION)

/** Staff: a membership anywhere holds the role `teacher` (adults at work, docs/privacy.md). */
export const isStaffRoles = (rolesOfEachMembership: readonly (readonly string[])[]): boolean => rolesOfEachMembership.some((roles) => roles.includes(TEACHER_ROLE))

/** What the rule needs to know of an account. */
export interface GuardianFacts {
  staff: boolean
  birth: Birth | null
  /** The newest consent, whatever its state. */
  consent: Consent | null
}

/** Why the account may make nothing public at `now` (the injected clock), or null. */
export function limitFrom(f: GuardianFacts, now: number): LimitReason | null {
  if (f.staff) return null
  if (!f.birth) return 'age-unknown'
  if (!isUnderConsentAge(f.birth, now)) return null
  return isCurrentConsent(f.consent) ? null : 'guardian-consent'
}
