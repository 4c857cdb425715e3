/**
 * The teacher's calls as the Teacher page uses them (docs/contract.md "The teacher's side"). The route
 * table's TEACHER part is the source; this names what the page reads from it, in one place.
 */
import { spec } from '../../contract/route'
import type { ClassConfirm, ClassConfirmed } from '../../contract/classes'
import type { TaskAssign, TaskAssigned } from '../../contract/tasks'

export interface TeacherClass {
  classId: string
  grade: string
  className: string
  students: number
  pending: number
}

export interface ClassRequest {
  studentId: string
  name: string
  grade: string
  className: string
  ageBand: string
  limited: boolean
  confirmedGrade: string | null
  confirmedClassName: string | null
  requestedAt: number | null
  classId: string | null
}

export interface RosterStudent {
  studentId: string
  name: string
  grade: string
  className: string
  ageBand: string
  limited: boolean
}

export type ProgressState = 'not-opened' | 'read' | 'done'

export interface TaskCounts {
  notOpened: number
  read: number
  done: number
}

export interface TeacherTask {
  id: string
  title: string
  brief: string
  dueAt: number | null
  classId: string | null
  grade: string | null
  className: string
  createdAt: number
  counts: TaskCounts
  nextRemindAt: number | null
}

export interface ProgressStudent {
  studentId: string
  name: string
  state: ProgressState
  readAt: number | null
  doneAt: number | null
  limited: boolean
}

export interface TaskProgress {
  task: TeacherTask
  students: ProgressStudent[]
}

export interface TaskReminded {
  reminded: number
  nextRemindAt: number
}

const quiet = { loading: false, timeout: 15_000 } as const
type Id = { id: string }

export const TEACHER = {
  teacherClasses: spec<undefined, { orgCode: string }, TeacherClass[]>('GET', '/teacher/classes', 'account', quiet),
  classRequests: spec<undefined, { orgCode: string }, ClassRequest[]>('GET', '/classes/requests', 'account', quiet),
  classConfirm: spec<ClassConfirm, undefined, ClassConfirmed>('POST', '/classes/confirm', 'account', quiet),
  classConfirmAll: spec<{ orgCode: string; classId: string }, undefined, { confirmed: number }>('POST', '/classes/confirm-all', 'account', quiet),
  classRefuse: spec<ClassConfirm, undefined, { refused: true }>('POST', '/classes/refuse', 'account', quiet),
  classRoster: spec<undefined, undefined, RosterStudent[], Id>('GET', '/teacher/classes/:id/roster', 'account', quiet),
  classRemove: spec<{ studentId: string }, undefined, null, Id>('POST', '/teacher/classes/:id/remove', 'account', quiet),
  assignTask: spec<TaskAssign, undefined, TaskAssigned>('POST', '/tasks', 'account', quiet),
  teacherTasks: spec<undefined, { orgCode: string }, TeacherTask[]>('GET', '/teacher/tasks', 'account', quiet),
  taskProgress: spec<undefined, undefined, TaskProgress, Id>('GET', '/teacher/tasks/:id', 'account', quiet),
  taskRemind: spec<undefined, undefined, TaskReminded, Id>('POST', '/teacher/tasks/:id/remind', 'account', quiet),
  taskRead: spec<undefined, undefined, { readAt: number }, Id>('POST', '/tasks/:id/read', 'account', { loading: false }),
} as const

/** The CSV of a task's progress, fetched with the bearer token (lib/http download). */
export const progressCsvPath = (taskId: string): string => `/teacher/tasks/${encodeURIComponent(taskId)}/progress.csv`
