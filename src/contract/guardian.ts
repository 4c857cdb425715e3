/**
 * Children under 14 and their guardians (docs/privacy.md, docs/contract.md "Guardians"): the age asked at
 * registration, a guardian's consent by SMS code, the limits of an account without it, and the guardian's
 * page. The age rule and the rules' version are shared by the app and the server; the server decides.
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/guardian'
import { spec, type Typed } from './api'

/**
 * The version of 儿童个人信息保护规则 (the Agreement page's `?section=children`). A consent is to one
 * version; a new version asks every guardian again (the account is limited until then).
 */
export const CHILDREN_RULES_VERSION = '2026-11-27'
/** Under this age a guardian's consent is needed (PIPL Art. 31). */
export const CONSENT_AGE = 14
/** Under this age an account's number cannot be a guardian's (docs/privacy.md). */
export const ADULT_AGE = 18
/** The oldest birth year the form offers, counted back from this year. */
export const BIRTH_YEARS_BACK = 100

/** GET (login): the account's age and consent state. */
export const GUARDIAN_STATUS_PATH = '/guardian/status'
/** PUT (login) `{ year, month }`: the month and year of birth, once (afterwards only a guardian corrects it). */
export const GUARDIAN_BIRTH_PATH = '/guardian/birth'
/** POST (login) `{ guardianPhone }`: sends a guardian's code (scene `guardian`) for this account. */
export const GUARDIAN_CODE_PATH = '/guardian/code'
/** POST (login) `{ guardianPhone, code, rulesVersion }`: the guardian's consent, recorded with the version. */
export const GUARDIAN_CONSENT_PATH = '/guardian/consent'
/** POST (public) `{ phone }`: a code to sign in to the guardian's page. */
export const GUARDIAN_SIGNIN_CODE_PATH = '/guardian/signin/code'
/** POST (public) `{ phone, code }`: the guardian's page's token (header `Guardian-Token`) and children. */
export const GUARDIAN_SIGNIN_PATH = '/guardian/signin'
/** POST (header `Guardian-Token`): ends the guardian page's sign-in (退出). */
export const GUARDIAN_SIGNOUT_PATH = '/guardian/signout'
/**
 * GET (header `Guardian-Token`): the children with a summary of each one's data, and the seconds the
 * sign-in has left (a reload reuses the token). Under `/guardian/children/<userId>`: GET (all the child's
 * data as JSON), `/recordings/<id>`, PUT `/profile`, POST `/withdraw`, POST `/delete`.
 */
export const GUARDIAN_CHILDREN_PATH = '/guardian/children'
/** The header that carries the guardian page's token. */
export const GUARDIAN_TOKEN_HEADER = 'Guardian-Token'

/** Why an account is limited: its age is not known yet, or it is under 14 without a current consent. */
export type LimitReason = 'age-unknown' | 'guardian-consent'

export type GuardianStatus = Static<typeof S.GuardianStatus>
export type BirthBody = Static<typeof S.BirthBody>
export type GuardianCodeBody = Static<typeof S.GuardianCodeBody>
export type GuardianConsentBody = Static<typeof S.GuardianConsentBody>
export type GuardianSignin = Static<typeof S.GuardianSignin>
export type GuardianChildren = Static<typeof S.GuardianChildren>
export type GuardianChildSummary = Static<typeof S.GuardianChildSummary>
export type GuardianChildProfileBody = Static<typeof S.GuardianChildProfileBody>

/**
 * Whether someone born in `month`/`year` may be under 14 at `now`. Only the month is known, so the safe
 * side is taken: the birthday counts from the first day of the month after the birth month, in China's
 * time (UTC+8). Born 2012-05: under 14 through 2026-05-31, 14 from 2026-06-01 00:00 (UTC+8).
 */
export function isUnderConsentAge(birth: { year: number; month: number }, now: number): boolean {
  return isUnderAge(birth, now, CONSENT_AGE)
}

/** Whether someone born in `month`/`year` may be under `age` at `now`, on the same safe side as isUnderConsentAge. */
export function isUnderAge(birth: { year: number; month: number }, now: number, age: number): boolean {
  const china = new Date(now + 8 * 3600_000)
  const nowMonths = china.getUTCFullYear() * 12 + china.getUTCMonth() // months since year 0, January = 0
  const ageFrom = (birth.year + age) * 12 + (birth.month - 1) + 1
  return nowMonths < ageFrom
}

/** A month and year of birth that can be true at `now` (not in the future, at most BIRTH_YEARS_BACK years ago). */
export function isPlausibleBirth(birth: { year: number; month: number }, now: number): boolean {
  const china = new Date(now + 8 * 3600_000)
  const y = china.getUTCFullYear()
  if (!Number.isInteger(birth.year) || !Number.isInteger(birth.month) || birth.month < 1 || birth.month > 12) return false
  if (birth.year < y - BIRTH_YEARS_BACK || birth.year > y) return false
  return !(birth.year === y && birth.month > china.getUTCMonth() + 1)
}

// ---- the guardian part of the route table (docs/contract.md "The route table") ---------------------
// Its own part, beside API, CALLS and SERVED: only the Consent and Guardian pages (and Home's notice) send
// these, so no other page's chunk carries them.

const GUARDIAN_TIMEOUT_MS = 15_000
const quiet = { loading: false, timeout: GUARDIAN_TIMEOUT_MS } as const
// `:id` is the child's user id; the handler checks the Guardian-Token header (the page sends it itself).
const guardianPart = {
  guardianStatus: spec('GET', GUARDIAN_STATUS_PATH, 'account', quiet),
  guardianBirth: spec('PUT', GUARDIAN_BIRTH_PATH, 'account', quiet),
  guardianCode: spec('POST', GUARDIAN_CODE_PATH, 'account', quiet),
  guardianConsent: spec('POST', GUARDIAN_CONSENT_PATH, 'account', quiet),
  guardianSigninCode: spec('POST', GUARDIAN_SIGNIN_CODE_PATH, 'public', quiet),
  guardianSignin: spec('POST', GUARDIAN_SIGNIN_PATH, 'public', quiet),
  /** The handler checks the Guardian-Token header (the page sends it itself). */
  guardianSignout: spec('POST', GUARDIAN_SIGNOUT_PATH, 'public', quiet),
  guardianChildren: spec('GET', GUARDIAN_CHILDREN_PATH, 'public', quiet),
  /** The child's data as one JSON file (an attachment). */
  guardianExport: spec('GET', `${GUARDIAN_CHILDREN_PATH}/:id`, 'public', quiet),
  guardianRecording: spec('GET', `${GUARDIAN_CHILDREN_PATH}/:id/recordings/:audioId`, 'public', quiet),
  guardianProfile: spec('PUT', `${GUARDIAN_CHILDREN_PATH}/:id/profile`, 'public', quiet),
  guardianWithdraw: spec('POST', `${GUARDIAN_CHILDREN_PATH}/:id/withdraw`, 'public', quiet),
  guardianDelete: spec('POST', `${GUARDIAN_CHILDREN_PATH}/:id/delete`, 'public', quiet),
}
export const GUARDIAN: Typed<typeof guardianPart> = guardianPart
