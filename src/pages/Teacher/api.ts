/**
 * The teacher's calls and types as the Teacher page uses them: the route table's TEACHER part
 * (src/contract/teacher.ts, docs/contract.md "The teacher's calls"), and where a task's CSV is fetched.
 */
import { TEACHER_TASKS_PATH } from '../../contract/teacher'
export { TEACHER, type RosterStudent, type TaskCounts, type TaskProgress, type TaskState as ProgressState, type TeacherClass, type TeacherTask } from '../../contract/teacher'
export type { ClassRequest } from '../../contract/classes'
export type { TaskProgressStudent as ProgressStudent } from '../../contract/teacher'

/** The CSV of a task's progress, fetched with the bearer token (lib/http download). */
export const progressCsvPath = (taskId: string): string => `${TEACHER_TASKS_PATH}/${encodeURIComponent(taskId)}/progress.csv`
