/** Class tasks (src/contract/tasks.ts). */
import { Type } from '@sinclair/typebox'
import { TASK_BRIEF_MAX, TASK_TITLE_MAX } from '../values/tasks'
import { Answer, Id, LATEST_MS, Nullable, Shown, ShownLines } from './common'

export const TaskAssign = Type.Object(
  {
    /** The organisation, by its code; the caller must be a teacher there. */
    orgCode: Shown(32),
    /** The class: grade and class name as the students' profiles have them (e.g. 七年级, 2班). */
    grade: Shown(32),
    className: Shown(32),
    /** The class's id (TeacherClass.classId), when the teacher picked one: it must name the same class. */
    classId: Type.Optional(Id),
    title: Shown(TASK_TITLE_MAX),
    brief: ShownLines(TASK_BRIEF_MAX),
    /** Milliseconds since the epoch; in the future. Omitted: no due date. */
    dueAt: Type.Optional(Type.Integer({ minimum: 0, maximum: LATEST_MS })),
    /** A book of the library the task is about. */
    bookId: Type.Optional(Id),
    /** The name the students see (the teacher's account has no display name of its own). */
    publisherName: Shown(32),
  },
  { additionalProperties: false },
)

export const TaskAssigned = Type.Object({ id: Type.String() })

export const TaskDetail = Type.Object({
  id: Type.String(),
  title: Type.String(),
  brief: Type.String(),
  publisherName: Type.String(),
  grade: Nullable(Type.String()),
  className: Type.String(),
  dueAt: Nullable(Type.Number()),
  book: Nullable(Type.Object({ id: Type.String(), title: Type.String(), author: Type.String() })),
  /** When this student marked it done; null while open. */
  doneAt: Nullable(Type.Number()),
})

export const TaskDone = Type.Object({ doneAt: Type.Number() })

/** When this student first opened the task. */
export const TaskRead = Type.Object({ readAt: Type.Number() })

export const ANSWER = { assigned: Answer(TaskAssigned), detail: Answer(TaskDetail), done: Answer(TaskDone), read: Answer(TaskRead) }
