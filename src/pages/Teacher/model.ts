/**
 * The Teacher page's decisions, pure so they are tested by table: a task's counts and filter, the
 * assignment of one form to several classes (one call and one Idempotency-Key per class), and when the
 * next reminder is possible.
 */
import type { TaskAssign } from '../../contract/tasks'
import type { ProgressState, ProgressStudent, TaskCounts, TeacherClass } from './api'

export type ProgressFilter = 'all' | ProgressState

/** Counted from the students themselves, so the counts and the list never disagree. */
export function countStates(students: readonly Pick<ProgressStudent, 'state'>[]): TaskCounts {
  const counts: TaskCounts = { notOpened: 0, read: 0, done: 0 }
  for (const s of students) {
    if (s.state === 'done') counts.done++
    else if (s.state === 'read') counts.read++
    else counts.notOpened++
  }
  return counts
}

/** Not done yet: the students a reminder goes to (unopened and read-but-not-done). */
export const notDone = (counts: TaskCounts): number => counts.notOpened + counts.read

const ORDER: Record<ProgressState, number> = { 'not-opened': 0, read: 1, done: 2 }

/** The list under a filter: those who still have something to do first, then by name (as a class list reads). */
export function filterStudents<S extends Pick<ProgressStudent, 'state' | 'name'>>(students: readonly S[], filter: ProgressFilter): S[] {
  return students.filter((s) => filter === 'all' || s.state === filter).sort((a, b) => ORDER[a.state] - ORDER[b.state] || a.name.localeCompare(b.name, 'zh-Hans-CN'))
}

export interface AssignForm {
  orgCode: string
  classIds: readonly string[]
  title: string
  brief: string
  /** 'YYYY-MM-DD' from the kit's date picker; '' for none. */
  due: string
  publisherName: string
}

export interface PlannedAssignment {
  classId: string
  body: TaskAssign
  key: string
}

/** The end of the chosen day in the device's time (a task due "on the 5th" is due until that evening). */
export function dueAtOf(due: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due)
  if (!m) return undefined
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 0, 0).getTime()
}

/**
 * One form, several classes: one task per class (each counted against the teacher's hourly limit), each
 * with its own Idempotency-Key. `keys` holds the keys already made for this form, by class, so that a
 * second tap (or a retry) sends the same keys and lands once; new classes get new keys.
 */
export function planAssignments(form: AssignForm, classes: readonly TeacherClass[], keys: Map<string, string>, newKey: () => string): PlannedAssignment[] {
  const dueAt = dueAtOf(form.due)
  return form.classIds.flatMap((classId) => {
    const c = classes.find((x) => x.classId === classId)
    if (!c) return []
    let key = keys.get(classId)
    if (!key) {
      key = newKey()
      keys.set(classId, key)
    }
    const body: TaskAssign = {
      orgCode: form.orgCode,
      classId,
      grade: c.grade,
      className: c.className,
      title: form.title.trim(),
      brief: form.brief.trim(),
      publisherName: form.publisherName,
      ...(dueAt !== undefined ? { dueAt } : {}),
    }
    return [{ classId, body, key }]
  })
}

/** Seconds until the next reminder is possible (0: now). */
export function remindWaitS(nextRemindAt: number | null, now: number): number {
  if (nextRemindAt === null) return 0
  return Math.max(0, Math.ceil((nextRemindAt - now) / 1000))
}
