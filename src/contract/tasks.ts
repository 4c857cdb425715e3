/**
 * Class tasks: a teacher assigns one to a class of their organisation; its students see it on Home until
 * they mark it done (docs/contract.md, "Tasks"). Our calls.
 *
 *   POST /tasks            (login, a teacher of orgCode) TaskAssign → TaskAssigned; Idempotency-Key honoured
 *   GET  /tasks/:id        (login, a student of the task's class) → TaskDetail
 *   POST /tasks/:id/done   (login, a student of the task's class) → TaskDone; a repeat answers the first time
 */
export const TASKS_PATH = '/tasks'
/** The membership role that may assign tasks in its organisation. */
export const TEACHER_ROLE = 'teacher'
export const TASK_TITLE_MAX = 60
export const TASK_BRIEF_MAX = 2000

export interface TaskAssign {
  /** The organisation, by its code; the caller must be a teacher there. */
  orgCode: string
  /** The class: grade and class name as the students' profiles have them (e.g. 七年级, 2班). */
  grade: string
  className: string
  title: string
  brief: string
  /** Milliseconds since the epoch; in the future. Omitted: no due date. */
  dueAt?: number
  /** A book of the library the task is about. */
  bookId?: string
  /** The name the students see (the teacher's account has no display name of its own). */
  publisherName: string
}

export interface TaskAssigned {
  id: string
}

export interface TaskDetail {
  id: string
  title: string
  brief: string
  publisherName: string
  grade: string | null
  className: string
  dueAt: number | null
  book: { id: string; title: string; author: string } | null
  /** When this student marked it done; null while open. */
  doneAt: number | null
}

export interface TaskDone {
  doneAt: number
}
