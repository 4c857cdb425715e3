/**
 * The year in review (our calls; DESIGN §3 "2023/report"): the figures of a student's year, computed by
 * pure functions from their reading records and works, and the story slides built from them. The server
 * stores the figures; what leaves it is slides, so a hidden slide's numbers never reach anyone but the
 * owner. Nothing here compares a student with others.
 */

/** The years a report can be made for. */
export const REPORT_YEARS = [2023] as const
export type ReportYear = (typeof REPORT_YEARS)[number]

/**
 * POST (login) `{ year, invite? }`: create my report, or refresh it when it exists · GET (login): my
 * reports · GET / PUT (login, owner only) `${MY_REPORTS_PATH}/<id>`: the whole report and its share
 * settings. Owner reads live apart from the public path, so the service worker never caches them.
 */
export const MY_REPORTS_PATH = '/reports'
/** GET (public) `${PUBLIC_REPORT_PATH}/<id>`: a shareable report's visible slides; 100001 otherwise. */
export const PUBLIC_REPORT_PATH = '/report'

/** The app page that shows a report. */
export const reportPagePath = (id: string): string => `/2023/report?id=${encodeURIComponent(id)}`

/** Used when a record carries no offset: China Standard Time. */
export const DEFAULT_TZ_OFFSET_MIN = 480

export const TIME_BUCKETS = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const
export type TimeBucket = (typeof TIME_BUCKETS)[number]

/** Local hour → bucket: morning 05–11, noon 11–14, afternoon 14–18, evening 18–22, night 22–05. */
export function timeBucketOf(hour: number): TimeBucket {
  if (hour >= 5 && hour < 11) return 'morning'
  if (hour >= 11 && hour < 14) return 'noon'
  if (hour >= 14 && hour < 18) return 'afternoon'
  if (hour >= 18 && hour < 22) return 'evening'
  return 'night'
}

export const CLOSING_KEYWORDS = ['start', 'persistent', 'explorer', 'creator', 'bookworm', 'curious'] as const
export type ClosingKeyword = (typeof CLOSING_KEYWORDS)[number]

/** The word of the year as shown on the closing slide and in link previews. */
export const KEYWORD_WORDS: Record<ClosingKeyword, { 'zh-Hans': string; en: string }> = {
  start: { 'zh-Hans': '开始', en: 'Beginnings' },
  persistent: { 'zh-Hans': '坚持', en: 'Steady' },
  explorer: { 'zh-Hans': '探索', en: 'Explorer' },
  creator: { 'zh-Hans': '创作', en: 'Creator' },
  bookworm: { 'zh-Hans': '书虫', en: 'Bookworm' },
  curious: { 'zh-Hans': '好奇', en: 'Curious' },
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

export interface ReportFigures {
  year: number
  minutes: number
  pages: number
  sessions: number
  /** Distinct local days with reading. */
  readingDays: number
  /** Distinct books. */
  books: number
  topBook: { title: string; author: string; minutes: number } | null
  /** The longest run of consecutive local days with reading; null without reading. */
  streak: { days: number; from: string; to: string } | null
  /** The time of day with the most sessions (then minutes); share = its sessions in % of all, rounded. */
  favouriteTime: { bucket: TimeBucket; sessions: number; share: number } | null
  /** Up to three, by minutes. */
  categories: { name: string; minutes: number; books: number }[]
  categoryCount: number
  works: number
  keyword: ClosingKeyword
}

const DAY_MS = 86_400_000

/** The local calendar day number (days since 1970-01-01 in the reader's zone) and hour. */
export function localTime(readAt: number, tzOffsetMin: number): { day: number; hour: number; year: number } {
  const local = readAt + tzOffsetMin * 60_000
  const d = new Date(local)
  return { day: Math.floor(local / DAY_MS), hour: d.getUTCHours(), year: d.getUTCFullYear() }
}

/** 'YYYY-MM-DD' of a local day number. */
export const isoDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** The longest run of consecutive days (the earliest one on a tie); null for no days. */
export function longestStreak(days: Iterable<number>): { days: number; from: string; to: string } | null {
  const sorted = [...new Set(days)].sort((a, b) => a - b)
  if (sorted.length === 0) return null
  let bestStart = sorted[0]!
  let bestLen = 1
  let runStart = sorted[0]!
  let runLen = 1
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] === sorted[i - 1]! + 1) runLen++
    else {
      runStart = sorted[i]!
      runLen = 1
    }
    if (runLen > bestLen) {
      bestLen = runLen
      bestStart = runStart
    }
  }
  return { days: bestLen, from: isoDay(bestStart), to: isoDay(bestStart + bestLen - 1) }
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
    streak: longestStreak(days),
    favouriteTime: favourite,
    categories: topCategories,
    categoryCount: categories.size,
    works: worksInYear,
  }
  return { ...figures, keyword: closingKeyword(figures) }
}

export const SLIDE_KINDS = ['cover', 'minutes', 'books', 'streak', 'time', 'categories', 'works', 'closing'] as const
export type SlideKind = (typeof SLIDE_KINDS)[number]

export type ReportSlide =
  | { kind: 'cover'; name: string; year: number }
  | { kind: 'minutes'; minutes: number; sessions: number; readingDays: number; pages: number }
  | { kind: 'books'; books: number; topBook: { title: string; author: string } | null }
  | { kind: 'streak'; days: number; from: string; to: string }
  | { kind: 'time'; bucket: TimeBucket; share: number }
  | { kind: 'categories'; top: { name: string; minutes: number }[] }
  | { kind: 'works'; works: number }
  | { kind: 'closing'; keyword: ClosingKeyword; year: number }

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

/** What everyone may see of a report: its visible slides. */
export interface PublicReport {
  id: string
  year: number
  slides: ReportSlide[]
  /** The owner's invitation code, so "make my own" can carry it; null when they have none. */
  inviteCode: string | null
  updatedAt: number
}

/** What the owner sees: every slide, and the share settings. */
export interface OwnerReport extends PublicReport {
  shareable: boolean
  /** Kinds hidden from others. */
  hidden: SlideKind[]
  createdAt: number
}

export interface ReportSummary {
  id: string
  year: number
  createdAt: number
  updatedAt: number
  shareable: boolean
  slideCount: number
  hiddenCount: number
}

export interface ReportCreateBody {
  year: ReportYear
  /** The invitation code the student arrived with (`/2023/join?invite=`), kept for attribution. */
  invite?: string
}

export interface ReportUpdateBody {
  shareable?: boolean
  hidden?: SlideKind[]
}

export const isSlideKind = (k: string): k is SlideKind => (SLIDE_KINDS as readonly string[]).includes(k)

/** The slides someone other than the owner may see. */
export const visibleSlides = (slides: readonly ReportSlide[], hidden: readonly SlideKind[]): ReportSlide[] => slides.filter((s) => !hidden.includes(s.kind))
