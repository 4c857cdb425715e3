/**
 * The year in review's calls and shapes (docs/product.md): the figures of a student's year and the story
 * slides made of them. The server computes both (server/services/reportFigures.ts) and stores the figures;
 * what leaves it is slides, so a hidden slide's numbers never reach anyone but the owner.
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/report'
import { REPORT_YEARS, type ReportYear, TIME_BUCKETS, type TimeBucket, CLOSING_KEYWORDS, type ClosingKeyword, SLIDE_KINDS, type SlideKind } from './values/report'
export { REPORT_YEARS, type ReportYear, TIME_BUCKETS, type TimeBucket, CLOSING_KEYWORDS, type ClosingKeyword, SLIDE_KINDS, type SlideKind }



/**
 * POST (login) `{ year, invite? }`: create my report, or refresh it when it exists · GET (login): my
 * reports · GET / PUT (login, owner only) `${MY_REPORTS_PATH}/<id>`: the whole report and its share
 * settings. Owner reads live apart from the public path, so the service worker never caches them.
 */
export const MY_REPORTS_PATH = '/reports'
/** GET (public) `${PUBLIC_REPORT_PATH}/<id>`: a shareable report's visible slides; 100001 otherwise. */
export const PUBLIC_REPORT_PATH = '/report'

/** The year whose report the app's pages are for (/2023/…) and Home's desk shows. */
export const REPORT_YEAR: ReportYear = 2023

/** The app page that shows a report. */
export const reportPagePath = (id: string): string => `/${REPORT_YEAR}/report?id=${encodeURIComponent(id)}`



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


export type ReportSlide = Static<typeof S.ReportSlide>
/** What everyone may see of a report: its visible slides. */
export type PublicReport = Static<typeof S.PublicReport>
/** What the owner sees: every slide, and the share settings. */
export type OwnerReport = Static<typeof S.OwnerReport>
export type ReportSummary = Static<typeof S.ReportSummary>
export type ReportCreateBody = Static<typeof S.ReportCreateBody>
export type ReportUpdateBody = Static<typeof S.ReportUpdateBody>

export const isSlideKind = (k: string): k is SlideKind => (SLIDE_KINDS as readonly string[]).includes(k)

/** The slides someone other than the owner may see. */
export const visibleSlides = (slides: readonly ReportSlide[], hidden: readonly SlideKind[]): ReportSlide[] => slides.filter((s) => !hidden.includes(s.kind))
