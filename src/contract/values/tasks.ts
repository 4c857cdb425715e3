/** The run-time values of tasks.ts that its schemas are built from: a leaf both import, so neither imports the other. */
export const TASK_TITLE_MAX = 60
export const TASK_BRIEF_MAX = 2000
