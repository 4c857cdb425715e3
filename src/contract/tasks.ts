/**
 * Class tasks: a teacher assigns one to a class of their organisation; its students see it on Home until
 * they mark it done (docs/contract.md, "Tasks"). Our calls.
 *
 *   POST /tasks            (login, a teacher of orgCode) TaskAssign → TaskAssigned; Idempotency-Key honoured
 *   GET  /tasks/:id        (login, a student of the task's class) → TaskDetail
 *   POST /tasks/:id/done   (login, a student of the task's class) → TaskDone; a repeat answers the first time
 *   POST /tasks/:id/read   (login, a student of the task's class) → TaskRead; a repeat keeps the first time
 *
 * POST /tasks is in the teacher's part of the route table (teacher.ts).
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/tasks'
import { TASK_TITLE_MAX, TASK_BRIEF_MAX } from './values/tasks'
export { TASK_TITLE_MAX, TASK_BRIEF_MAX }

export const TASKS_PATH = '/tasks'
/** The membership role that may assign tasks in its organisation. */
export const TEACHER_ROLE = 'teacher'

export type TaskAssign = Static<typeof S.TaskAssign>
export type TaskAssigned = Static<typeof S.TaskAssigned>
export type TaskDetail = Static<typeof S.TaskDetail>
export type TaskDone = Static<typeof S.TaskDone>
export type TaskRead = Static<typeof S.TaskRead>
