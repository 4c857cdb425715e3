/** The run-time values of teacher.ts that its schemas are built from: a leaf both import, so neither imports the other. */

/**
 * What a teacher learns of a student's age (docs/privacy.md "Who sees what"): a band, never the month and
 * year of birth. `under-14`: a guardian's consent is needed; `14-17`: a minor who consents alone; `18+`;
 * `unknown`: the student has not given a month and year of birth yet. Counted from the first day of the
 * month after the birth month, in China's time, as the consent age is (src/contract/guardian.ts).
 */
export const AGE_BANDS = ['under-14', '14-17', '18+', 'unknown'] as const
export type AgeBand = (typeof AGE_BANDS)[number]

/** A student's state on a task, as its teacher sees it: not opened yet, opened (read), or marked 我已完成. */
export const TASK_STATES = ['not-opened', 'read', 'done'] as const
export type TaskState = (typeof TASK_STATES)[number]

/** One reminder per task in this time (POST /teacher/tasks/:id/remind). */
export const REMIND_EVERY_MS = 3_600_000
