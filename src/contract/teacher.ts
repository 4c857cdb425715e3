/**
 * The teacher's side (docs/contract.md "The teacher's calls"): an account whose membership in an
 * organisation holds the role `teacher` answers the class requests of the classes it teaches, keeps their
 * rosters, assigns tasks and follows who has read and done them. The server decides what is allowed (the
 * role, and the teacher–class table); the profile's orgRoleList decides what the app shows.
 *
 *   GET  /teacher/classes?orgCode            → TeacherClass[]: the classes I teach there
 *   GET  /classes/requests?orgCode           → ClassRequest[]: requests for classes I teach, and for
 *                                              classes no teacher of the organisation teaches
 *   POST /classes/confirm        ClassConfirm → ClassConfirmed; notice `class-confirmed` to the student
 *   POST /classes/confirm-all ClassConfirmAll → ClassConfirmedAll
 *   POST /classes/refuse         ClassConfirm → ClassRefused; notice `class-refused` (what to do next)
 *   GET  /teacher/classes/:id/roster         → RosterStudent[]
 *   POST /teacher/classes/:id/remove  ClassRemove → null; the student's confirmed class is cleared
 *   POST /tasks                     TaskAssign → TaskAssigned (30 an hour per teacher, Idempotency-Key)
 *   GET  /teacher/tasks?orgCode              → TeacherTask[]: tasks of the classes I teach, and mine
 *   GET  /teacher/tasks/:id                  → TaskProgress
 *   POST /teacher/tasks/:id/remind           → TaskReminded; one per task an hour (429 100003 retryAfter)
 *   GET  /teacher/tasks/:id/progress.csv?lang → the progress as CSV (UTF-8 with BOM), an attachment
 *
 * Every one of these refuses a caller that is not a teacher of the organisation, or whose class (or task)
 * it is not, with HTTP 403 and 200008 ROLE_FORBIDDEN; an id that does not exist gets the same answer, so a
 * teacher learns nothing of another class. The student's `POST /tasks/:id/read` is in CALLS (calls.ts).
 *
 * Live, on the teacher's own session topic: TeacherLive (below).
 */
import type { Static } from '@sinclair/typebox'
import { spec, type Typed } from './route'
import { CLASS_CONFIRM_PATH, CLASS_REQUESTS_PATH } from './classes'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/teacher'
import { TASKS_PATH } from './tasks'
import { AGE_BANDS, REMIND_EVERY_MS, TASK_STATES, type AgeBand, type TaskState } from './values/teacher'
export { AGE_BANDS, REMIND_EVERY_MS, TASK_STATES, type AgeBand, type TaskState }

export const TEACHER_CLASSES_PATH = '/teacher/classes'
export const TEACHER_TASKS_PATH = '/teacher/tasks'
export const CLASS_CONFIRM_ALL_PATH = '/classes/confirm-all'
export const CLASS_REFUSE_PATH = '/classes/refuse'

export type TeacherClass = Static<typeof S.TeacherClass>
export type RosterStudent = Static<typeof S.RosterStudent>
export type ClassRemove = Static<typeof S.ClassRemove>
export type ClassConfirmAll = Static<typeof S.ClassConfirmAll>
export type ClassConfirmedAll = Static<typeof S.ClassConfirmedAll>
export type ClassRefused = Static<typeof S.ClassRefused>
export type TaskCounts = Static<typeof S.TaskCounts>
export type TeacherTask = Static<typeof S.TeacherTask>
export type TaskProgressStudent = Static<typeof S.TaskProgressStudent>
export type TaskProgress = Static<typeof S.TaskProgress>
export type TaskReminded = Static<typeof S.TaskReminded>
export type CsvQuery = Static<typeof S.CsvQuery>

// ---- live messages (past tense, docs/architecture.md) -------------------------------------------------

/** A student of a class I teach (or of a task I assigned) opened a task or marked it done. */
export interface TaskProgressed {
  type: 'task-progressed'
  taskId: string
  studentId: string
  state: Exclude<TaskState, 'not-opened'>
  /** When it happened (epoch ms). */
  at: number
}

/** A student declared a class whose requests I see: the requests list changed. */
export interface ClassRequested {
  type: 'class-requested'
  orgCode: string
}

export type TeacherLive = TaskProgressed | ClassRequested

/** Never trust what the channel carried: the shape of a teacher's live message, field by field. */
export function isTeacherLive(v: unknown): v is TeacherLive {
  if (typeof v !== 'object' || v === null) return false
  const m = v as Record<string, unknown>
  if (m.type === 'class-requested') return typeof m.orgCode === 'string'
  return m.type === 'task-progressed' && typeof m.taskId === 'string' && typeof m.studentId === 'string' && (m.state === 'read' || m.state === 'done') && typeof m.at === 'number'
}

// ---- the teacher part of the route table (docs/contract.md "The route table") -----------------------
// Its own part, beside API, CALLS, SERVED and GUARDIAN: only the teacher's pages send these, so no
// student page's chunk carries them.

const TEACHER_TIMEOUT_MS = 15_000
const quiet = { loading: false, timeout: TEACHER_TIMEOUT_MS } as const
const write = { loading: false } as const

const teacherPart = {
  teacherClasses: spec('GET', TEACHER_CLASSES_PATH, 'account', quiet),
  classRequests: spec('GET', CLASS_REQUESTS_PATH, 'account', quiet),
  classConfirm: spec('POST', CLASS_CONFIRM_PATH, 'account', write),
  classConfirmAll: spec('POST', CLASS_CONFIRM_ALL_PATH, 'account', write),
  classRefuse: spec('POST', CLASS_REFUSE_PATH, 'account', write),
  classRoster: spec('GET', `${TEACHER_CLASSES_PATH}/:id/roster`, 'account', quiet),
  classRemove: spec('POST', `${TEACHER_CLASSES_PATH}/:id/remove`, 'account', write),
  /** Idempotency-Key honoured: one call per class, each with its own key. */
  assignTask: spec('POST', TASKS_PATH, 'account', write),
  teacherTasks: spec('GET', TEACHER_TASKS_PATH, 'account', quiet),
  taskProgress: spec('GET', `${TEACHER_TASKS_PATH}/:id`, 'account', quiet),
  taskRemind: spec('POST', `${TEACHER_TASKS_PATH}/:id/remind`, 'account', write),
  /** A file: the app fetches it with the bearer token and saves the blob. */
  taskProgressCsv: spec('GET', `${TEACHER_TASKS_PATH}/:id/progress.csv`, 'account', quiet),
}
export const TEACHER: Typed<typeof teacherPart> = teacherPart
