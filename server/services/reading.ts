/**
 * Reading-time arithmetic shared by the share pages and the year in review. A record's local time is
 * `read_at + tz_offset_min` read as UTC (see ReadingRecordTable); days are compared as day numbers.
 */
const DAY_MS = 86_400_000

/** Days since 1970-01-01 in the reader's own time zone. */
export function localDayNumber(readAt: number, tzOffsetMin: number): number {
  return Math.floor((readAt + tzOffsetMin * 60_000) / DAY_MS)
}

/** 'YYYY-MM-DD' of a local day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** Consecutive days with reading that end on `day` (0 when nothing was read that day). */
export function streakEndingOn(days: Iterable<number>, day: number): number {
  const set = new Set(days)
  let n = 0
  while (set.has(day - n)) n++
  return n
}

/** The longest run of consecutive reading days, with the day it ended on. */
export function longestStreak(days: Iterable<number>): { days: number; endDay: number | null } {
  const sorted = [...new Set(days)].sort((a, b) => a - b)
  let best = { days: 0, endDay: null as number | null }
  let run = 0
  for (const [i, d] of sorted.entries()) {
    run = i > 0 && sorted[i - 1] === d - 1 ? run + 1 : 1
    if (run > best.days) best = { days: run, endDay: d }
  }
  return best
}
