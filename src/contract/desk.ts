/**
 * GET /home/desk (login): what Home shows of the student's own things — recent reading, my works, open
 * tasks of my class in the current organisation (the Org-ID), my 2023 report and how many joined with my
 * invitation. Our call (docs/contract.md).
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/desk'

export const DESK_PATH = '/home/desk'
/** Items per list. */
export const DESK_LIMIT = 5

export type DeskReading = Static<typeof S.DeskReading>
export type DeskWork = Static<typeof S.DeskWork>
export type DeskTask = Static<typeof S.DeskTask>
export type Desk = Static<typeof S.Desk>
