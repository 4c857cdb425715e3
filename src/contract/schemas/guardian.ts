/** Children under 14 and their guardians (src/contract/guardian.ts). */
import { Type } from '@sinclair/typebox'
import { Answer, FileAnswer, Limited, NoDataAnswer, Nullable, Shown, SmsCodeField, Str, Username } from './common'

const Birth = { year: Type.Integer({ minimum: 1900, maximum: 2100 }), month: Type.Integer({ minimum: 1, maximum: 12 }) }

export const BirthBody = Type.Object(Birth, { additionalProperties: false })
export const GuardianCodeBody = Type.Object({ guardianPhone: Username }, { additionalProperties: false })
/** `currentCode`: a code sent (POST /guardian/code) to the current guardian's number, confirming that another guardian's consent replaces theirs. */
export const GuardianConsentBody = Type.Object({ guardianPhone: Username, code: SmsCodeField, rulesVersion: Str(32), currentCode: Type.Optional(SmsCodeField) }, { additionalProperties: false })
export const GuardianSigninCodeBody = Type.Object({ phone: Username }, { additionalProperties: false })
export const GuardianSigninBody = Type.Object({ phone: Username, code: SmsCodeField }, { additionalProperties: false })
export const GuardianChildParams = Type.Object({ id: Str(64) })
export const GuardianRecordingParams = Type.Object({ id: Str(64), audioId: Str(64) })
/** A guardian corrects the child's profile: name, grade, class and the month and year of birth. */
export const GuardianChildProfileBody = Type.Object({ name: Shown(32), grade: Shown(32), className: Shown(32), ...Birth }, { additionalProperties: false })

export const GuardianStatus = Type.Object({
  /** Null until the account has answered (asked once, at registration or at the next start). */
  birth: Nullable(Type.Object({ year: Type.Integer(), month: Type.Integer() })),
  /** Under 14 by the safe-side rule; false while the birth is unknown. */
  under14: Type.Boolean(),
  /** The current consent: to the current version, not withdrawn. */
  consent: Nullable(Type.Object({ rulesVersion: Type.String(), consentedAt: Type.Number(), guardianPhoneTail: Type.String() })),
  /** Why the account may not make anything public, or null. */
  limited: Limited,
  /** The version of the children's rules a consent must be to. */
  rulesVersion: Type.String(),
})

const Kept = { count: Type.Integer(), /** Epoch ms of the newest, or null when there is none. */ last: Nullable(Type.Number()) }

/** What the guardian's page shows of a child's data without opening the export: counts and dates. */
export const GuardianChildSummary = Type.Object({
  reading: Type.Object({ ...Kept, minutes: Type.Integer(), /** The newest few, newest first. */ recent: Type.Array(Type.Object({ book: Type.String(), at: Type.Number(), minutes: Type.Integer() })) }),
  cards: Type.Object({ ...Kept, shared: Type.Integer() }),
  reports: Type.Object({ ...Kept, years: Type.Array(Type.Integer()), shared: Type.Integer() }),
  recordings: Type.Object({ ...Kept, seconds: Type.Integer() }),
  /** When the account was made, and the month and year of birth as stored. */
  since: Type.Number(),
  birth: Nullable(Type.Object({ year: Type.Integer(), month: Type.Integer() })),
})

export const GuardianChild = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The consent's state for this guardian: given (current), withdrawn, or to an older version. */
  consent: Type.Union([Type.Literal('given'), Type.Literal('withdrawn'), Type.Literal('outdated')]),
  summary: GuardianChildSummary,
})
export const GuardianSignin = Type.Object({ token: Type.String(), expiresIn: Type.Number(), children: Type.Array(GuardianChild) })
/** GET /guardian/children: the same children, and the seconds left of the sign-in. */
export const GuardianChildren = Type.Object({ expiresIn: Type.Number(), children: Type.Array(GuardianChild) })

export const GuardianSentData = Type.Object({ expiresIn: Type.Number(), resendIn: Type.Number() })

export const ANSWER = {
  status: Answer(GuardianStatus),
  sent: Answer(GuardianSentData),
  signin: Answer(GuardianSignin),
  children: Answer(GuardianChildren),
  /** The export: one JSON object, free in shape (it is a copy of what is stored, for the guardian). */
  exported: Answer(Type.Object({}, { additionalProperties: true })),
  file: FileAnswer,
  none: NoDataAnswer,
}
