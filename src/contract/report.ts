/**
 * The year in review's calls and shapes (docs/product.md): the figures of a student's year and the story
 * slides made of them. The server computes both (server/services/reportFigures.ts) and stores the figures;
 * what leaves it is slides, so a hidden slide's numbers never reach anyone but the owner.
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

export const TIME_BUCKETS = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const
export type TimeBucket = (typeof TIME_BUCKETS)[number]

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
