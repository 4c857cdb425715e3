/** The teacher's side (src/contract/teacher.ts). */
import { Type } from '@sinclair/typebox'
import { AGE_BANDS, TASK_STATES } from '../values/teacher'
import { Answer, FileAnswer, Id, Nullable, Shown } from './common'

export const OrgQuery = Type.Object({ orgCode: Shown(32) }, { additionalProperties: false })

export const AgeBandField = Type.Union(AGE_BANDS.map((b) => Type.Literal(b)))
export const TaskStateField = Type.Union(TASK_STATES.map((s) => Type.Literal(s)))

export const TeacherClass = Type.Object({
  classId: Type.String(),
  grade: Type.String(),
  className: Type.String(),
  /** Students whose confirmed class this is. */
  students: Type.Integer({ minimum: 0 }),
  /** Students who declared this class and wait for a confirmation (not refused). */
  pending: Type.Integer({ minimum: 0 }),
})

/** What a teacher sees of a student: never the phone number, the birth month or anything of a guardian. */
const Student = {
  studentId: Type.String(),
  name: Type.String(),
  grade: Type.String(),
  className: Type.String(),
  ageBand: AgeBandField,
  /** Whether the account is limited (docs/privacy.md); never why. */
  limited: Type.Boolean(),
}

export const RosterStudent = Type.Object(Student)

export const ClassRemove = Type.Object({ studentId: Id }, { additionalProperties: false })

export const ClassConfirmAll = Type.Object({ orgCode: Shown(32), classId: Id }, { additionalProperties: false })
export const ClassConfirmedAll = Type.Object({ confirmed: Type.Integer({ minimum: 0 }) })
export const ClassRefused = Type.Object({ refused: Type.Literal(true) })

export const TaskCounts = Type.Object({ notOpened: Type.Integer({ minimum: 0 }), read: Type.Integer({ minimum: 0 }), done: Type.Integer({ minimum: 0 }) })

export const TeacherTask = Type.Object({
  id: Type.String(),
  title: Type.String(),
  brief: Type.String(),
  dueAt: Nullable(Type.Number()),
  /** Null for a task from before classes were data (0015_teacher) whose class has no row. */
  classId: Nullable(Type.String()),
  grade: Nullable(Type.String()),
  className: Type.String(),
  createdAt: Type.Number(),
  counts: TaskCounts,
  /** When the next reminder is possible; null: now. */
  nextRemindAt: Nullable(Type.Number()),
})

export const TaskProgressStudent = Type.Object({
  studentId: Type.String(),
  name: Type.String(),
  state: TaskStateField,
  readAt: Nullable(Type.Number()),
  doneAt: Nullable(Type.Number()),
  limited: Type.Boolean(),
})

export const TaskProgress = Type.Object({ task: TeacherTask, students: Type.Array(TaskProgressStudent) })

export const TaskReminded = Type.Object({ reminded: Type.Integer({ minimum: 0 }), nextRemindAt: Type.Number() })

export const TaskRead = Type.Object({ readAt: Type.Number() })

export const CsvQuery = Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('zh-Hans'), Type.Literal('en')])) }, { additionalProperties: false })

export const ANSWER = {
  classes: Answer(Type.Array(TeacherClass)),
  roster: Answer(Type.Array(RosterStudent)),
  none: Answer(Type.Null()),
  confirmedAll: Answer(ClassConfirmedAll),
  refused: Answer(ClassRefused),
  tasks: Answer(Type.Array(TeacherTask)),
  progress: Answer(TaskProgress),
  reminded: Answer(TaskReminded),
  read: Answer(TaskRead),
  file: FileAnswer,
}
