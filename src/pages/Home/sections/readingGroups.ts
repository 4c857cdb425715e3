/** 最近阅读's rows: the readings of /home/desk, one row per book. */
import type { DeskReading } from '../../../contract/desk'

/** Reading of one book, newest first: the rows of 最近阅读. */
export interface ReadingGroup {
  /** The newest reading, which the row opens. */
  newest: DeskReading
  times: number
  minutes: number
}

/**
 * Readings of the same book (title and author) become one row, in the order of their newest reading, so
 * that five sittings with 三体 read as one book read five times, not as five rows that look like an error.
 */
export function groupReading(list: readonly DeskReading[]): ReadingGroup[] {
  const groups = new Map<string, ReadingGroup>()
  for (const r of list) {
    const key = `${r.bookTitle}\u0000${r.author}`
    const g = groups.get(key)
    if (!g) groups.set(key, { newest: r, times: 1, minutes: r.minutes })
    else {
      g.times += 1
      g.minutes += r.minutes
      if (r.readAt > g.newest.readAt) g.newest = r
    }
  }
  return [...groups.values()].sort((a, b) => b.newest.readAt - a.newest.readAt)
}
