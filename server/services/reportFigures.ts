/**
 * The year in review's figures, computed on the server from a student's reading records and works, and the
 * story slides built from them (the types are the contract's, src/contract/report.ts). What leaves the
 * server is slides, so a hidden slide's numbers never reach anyone but the owner. Nothing here compares a
 * student with others.
 */
import { TIME_BUCKETS, type ClosingKeyword, type ReportFigures, type ReportSlide, type TimeBucket } from '../../src/contract/report'
import { isoDay, localDayNumber, longestStreak } from './reading'

/** Used when a record carries no offset: China Standard Time. */
export const DEFAULT_TZ_OFFSET_MIN = 480

/** Local hour → bucket: morning 05–11, noon 11–14, afternoon 14–18, evening 18–22, night 22–05. */
export function timeBucketOf(hour: number): TimeBucket {
  if (hour >= 5 && hour < 11) return 'morning'
  if (hour >= 11 && hour < 14) return 'noon'
  if (hour >= 14 && hour < 18) return 'afternoon'
  if (hour >= 18 && hour < 22) return 'evening'
  return 'night'
}

/** One reading session, as the computation needs it. */
export interface ReadingInput {
  /** Epoch ms (UTC) when it started. */
  readAt: number
  /** The reader's UTC offset then, in minutes (480 in China). */
  tzOffsetMin: number
  minutes: number
  pages: number
  bookId: string
  title: string
  author: string
  category: string
}

export interface WorkInput {
  /** Epoch ms (UTC). */
  createdAt: number
}

/** The local calendar day number (days since 1970-01-01 in the reader's zone), hour and year. */
export function localTime(readAt: number, tzOffsetMin: number): { day: number; hour: number; year: number } {
  const d = new Date(readAt + tzOffsetMin * 60_000)
  return { day: localDayNumber(readAt, tzOffsetMin), hour: d.getUTCHours(), year: d.getUTCFullYear() }
}

/** The longest run of consecutive days (the earliest one on a tie) as the streak slide shows it; null for no days. */
export function reportStreak(days: Iterable<number>): { days: number; from: string; to: string } | null {
  const { days: length, endDay } = longestStreak(days)
  return endDay === null ? null : { days: length, from: isoDay(endDay - length + 1), to: isoDay(endDay) }
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

/** The first keyword whose rule holds; nothing here measures a student against anyone else. */
export function closingKeyword(f: Omit<ReportFigures, 'keyword'>): ClosingKeyword {
  if (f.sessions === 0 && f.works === 0) return 'start'
  if ((f.streak?.days ?? 0) >= 7) return 'persistent'
  if (f.categoryCount >= 4) return 'explorer'
  if (f.works >= 3) return 'creator'
  if (f.books >= 10) return 'bookworm'
  return 'curious'
}

/** The figures of `year` from every record and work of one student (others of other years are ignored). */
export function computeReport(year: number, reading: readonly ReadingInput[], works: readonly WorkInput[]): ReportFigures {
  const inYear = reading.filter((r) => localTime(r.readAt, r.tzOffsetMin).year === year && r.minutes >= 0)
  const days = new Set<number>()
  const bookMinutes = new Map<string, { title: string; author: string; minutes: number }>()
  const buckets = new Map<TimeBucket, { sessions: number; minutes: number }>()
  const categories = new Map<string, { minutes: number; sessions: number; books: Set<string> }>()
  let minutes = 0
  let pages = 0
  for (const r of inYear) {
    const t = localTime(r.readAt, r.tzOffsetMin)
    days.add(t.day)
    minutes += r.minutes
    pages += r.pages
    const book = bookMinutes.get(r.bookId) ?? { title: r.title, author: r.author, minutes: 0 }
    book.minutes += r.minutes
    bookMinutes.set(r.bookId, book)
    const bucket = timeBucketOf(t.hour)
    const b = buckets.get(bucket) ?? { sessions: 0, minutes: 0 }
    b.sessions++
    b.minutes += r.minutes
    buckets.set(bucket, b)
    const c = categories.get(r.category) ?? { minutes: 0, sessions: 0, books: new Set<string>() }
    c.minutes += r.minutes
    c.sessions++
    c.books.add(r.bookId)
    categories.set(r.category, c)
  }
  const topBook = [...bookMinutes.values()].sort((a, b) => b.minutes - a.minutes || byText(a.title, b.title))[0] ?? null
  let favourite: ReportFigures['favouriteTime'] = null
  for (const bucket of TIME_BUCKETS) {
    const b = buckets.get(bucket)
    if (!b) continue
    if (!favourite || b.sessions > favourite.sessions || (b.sessions === favourite.sessions && b.minutes > (buckets.get(favourite.bucket)?.minutes ?? 0))) {
      favourite = { bucket, sessions: b.sessions, share: 0 }
    }
  }
  if (favourite) favourite.share = Math.round((favourite.sessions / inYear.length) * 100)
  const topCategories = [...categories.entries()]
    .sort(([an, a], [bn, b]) => b.minutes - a.minutes || b.sessions - a.sessions || byText(an, bn))
    .slice(0, 3)
    .map(([name, c]) => ({ name, minutes: c.minutes, books: c.books.size }))
  const worksInYear = works.filter((w) => localTime(w.createdAt, DEFAULT_TZ_OFFSET_MIN).year === year).length
  const figures: Omit<ReportFigures, 'keyword'> = {
    year,
    minutes,
    pages,
    sessions: inYear.length,
    readingDays: days.size,
    books: bookMinutes.size,
    topBook,
    streak: reportStreak(days),
    favouriteTime: favourite,
    categories: topCategories,
    categoryCount: categories.size,
    works: worksInYear,
  }
  return { ...figures, keyword: closingKeyword(figures) }
}

/**
 * The story of a year. A slide appears only when it has something to celebrate (no "0 works", no
 * one-day "streak"); a year without reading or works is a cover and a "your story starts now" card.
 */
export function slidesOf(f: ReportFigures, name: string): ReportSlide[] {
  const slides: ReportSlide[] = [{ kind: 'cover', name, year: f.year }]
  if (f.sessions > 0) {
    slides.push({ kind: 'minutes', minutes: f.minutes, sessions: f.sessions, readingDays: f.readingDays, pages: f.pages })
    slides.push({ kind: 'books', books: f.books, topBook: f.topBook ? { title: f.topBook.title, author: f.topBook.author } : null })
  }
  if (f.streak && f.streak.days >= 2) slides.push({ kind: 'streak', ...f.streak })
  if (f.favouriteTime) slides.push({ kind: 'time', bucket: f.favouriteTime.bucket, share: f.favouriteTime.share })
  if (f.categories.length > 0) slides.push({ kind: 'categories', top: f.categories.map((c) => ({ name: c.name, minutes: c.minutes })) })
  if (f.works > 0) slides.push({ kind: 'works', works: f.works })
  slides.push({ kind: 'closing', keyword: f.keyword, year: f.year })
  return slides
}
