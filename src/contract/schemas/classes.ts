/** Class membership (src/contract/classes.ts). */
import { Type } from '@sinclair/typebox'
import { Answer, Id, Nullable, Shown } from './common'
import { AgeBandField } from './teacher'

export const ClassRequestsQuery = Type.Object({ orgCode: Shown(32) }, { additionalProperties: false })

export const ClassRequest = Type.Object({
  studentId: Type.String(),
  name: Type.String(),
  /** The class the profile declares. */
  grade: Type.String(),
  className: Type.String(),
  /** The class confirmed so far (its tasks are the ones the student sees); null: none yet. */
  confirmedGrade: Nullable(Type.String()),
  confirmedClassName: Nullable(Type.String()),
  /** What a teacher learns of the age (src/contract/values/teacher.ts), never the birth month. */
  ageBand: AgeBandField,
  /** Whether the account is limited (docs/privacy.md); never why. */
  limited: Type.Boolean(),
  /** When the student last changed the profile's class (epoch ms). */
  requestedAt: Type.Number(),
  /** The declared class's id, when the class exists as data; null: nobody has made it yet. */
  classId: Nullable(Type.String()),
})

export const ClassConfirm = Type.Object(
  {
    orgCode: Shown(32),
    studentId: Id,
    /** The class being confirmed: it must be the one the student's profile declares now. */
    grade: Shown(32),
    className: Shown(32),
  },
  { additionalProperties: false },
)

export const ClassConfirmed = Type.Object({ grade: Type.String(), className: Type.String() })

export const ANSWER = { requests: Answer(Type.Array(ClassRequest)), confirmed: Answer(ClassConfirmed) }
