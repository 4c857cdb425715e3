/**
 * GET /home/desk (login): what Home shows of the student's own things — recent reading, my works, open
 * tasks of my class in the current organisation (the Org-ID), my 2023 report and how many joined with my
 * invitation. Our call (docs/contract.md).
 */
export const DESK_PATH = '/home/desk'
/** Items per list. */
export const DESK_LIMIT = 5

export interface DeskReading {
  id: string
  bookTitle: string
  author: string
  minutes: number
  pages: number
  readAt: number
}

export interface DeskWork {
  id: string
  title: string
  createdAt: number
  shareable: boolean
}

export interface DeskTask {
  id: string
  title: string
  publisherName: string
  dueAt: number | null
}

export interface Desk {
  reading: DeskReading[]
  works: DeskWork[]
  tasks: DeskTask[]
  /** The newest 2023 report, if made. */
  report: { id: string; shareable: boolean } | null
  invited: number
}
