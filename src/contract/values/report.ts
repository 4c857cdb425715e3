/** The run-time values of report.ts that its schemas are built from: a leaf both import, so neither imports the other. */
/** The years a report can be made for. */
export const REPORT_YEARS = [2023] as const
export type ReportYear = (typeof REPORT_YEARS)[number]
export const TIME_BUCKETS = ['morning', 'noon', 'afternoon', 'evening', 'night'] as const
export type TimeBucket = (typeof TIME_BUCKETS)[number]
export const CLOSING_KEYWORDS = ['start', 'persistent', 'explorer', 'creator', 'bookworm', 'curious'] as const
export type ClosingKeyword = (typeof CLOSING_KEYWORDS)[number]
export const SLIDE_KINDS = ['cover', 'minutes', 'books', 'streak', 'time', 'categories', 'works', 'closing'] as const
export type SlideKind = (typeof SLIDE_KINDS)[number]
