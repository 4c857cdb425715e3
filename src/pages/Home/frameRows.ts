/** Home's desk as its frame lists it (docs/performance.md "The daily open"): each section's titles, in Home's order. */
import type { Desk } from '../../contract/desk'
import type { FrameRows } from '../../start/lib/signedInMarker'
import { groupReading } from './sections/readingGroups'

export function frameRows(desk: Desk): FrameRows {
  return {
    reading: groupReading(desk.reading).map((g) => g.newest.bookTitle),
    works: desk.works.map((w) => w.title),
    tasks: desk.tasks.map((t) => t.title),
  }
}
