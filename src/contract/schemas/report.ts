/** The year in review (src/contract/report.ts): the bodies, the slides and the report views. */
import { Type } from '@sinclair/typebox'
import { CLOSING_KEYWORDS, REPORT_YEARS, SLIDE_KINDS, TIME_BUCKETS } from '../values/report'
import { Answer, Nullable } from './common'

const literals = <T extends string | number>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)))
const SlideKindField = literals(SLIDE_KINDS)
const Keyword = literals(CLOSING_KEYWORDS)

export const ReportCreateBody = Type.Object(
  {
    year: literals(REPORT_YEARS),
    /** The invitation code the student arrived with (`/2023/join?invite=`), kept for attribution. */
    invite: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
)
export const ReportUpdateBody = Type.Object(
  {
    shareable: Type.Optional(Type.Boolean()),
    hidden: Type.Optional(Type.Array(SlideKindField, { maxItems: SLIDE_KINDS.length * 2 })),
  },
  { additionalProperties: false },
)

const Slide = <K extends (typeof SLIDE_KINDS)[number], P extends Parameters<typeof Type.Object>[0]>(kind: K, props: P) => Type.Object({ kind: Type.Literal(kind), ...props })
const TitleAuthor = { title: Type.String(), author: Type.String() }

export const ReportSlide = Type.Union([
  Slide('cover', { name: Type.String(), year: Type.Number() }),
  Slide('minutes', { minutes: Type.Number(), sessions: Type.Number(), readingDays: Type.Number(), pages: Type.Number() }),
  Slide('books', { books: Type.Number(), topBook: Nullable(Type.Object(TitleAuthor)) }),
  Slide('streak', { days: Type.Number(), from: Type.String(), to: Type.String() }),
  Slide('time', { bucket: literals(TIME_BUCKETS), share: Type.Number() }),
  Slide('categories', { top: Type.Array(Type.Object({ name: Type.String(), minutes: Type.Number() })) }),
  Slide('works', { works: Type.Number() }),
  Slide('closing', { keyword: Keyword, year: Type.Number() }),
])

const publicFields = {
  id: Type.String(),
  year: Type.Number(),
  slides: Type.Array(ReportSlide),
  /** The owner's invitation code, so "make my own" can carry it; null when they have none. */
  inviteCode: Nullable(Type.String()),
  updatedAt: Type.Number(),
}

/** What everyone may see of a report: its visible slides. */
export const PublicReport = Type.Object(publicFields)

/** What the owner sees: every slide, and the share settings. */
export const OwnerReport = Type.Object({
  ...publicFields,
  shareable: Type.Boolean(),
  /** Kinds hidden from others. */
  hidden: Type.Array(SlideKindField),
  createdAt: Type.Number(),
})

export const ReportSummary = Type.Object({
  id: Type.String(),
  year: Type.Number(),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
  shareable: Type.Boolean(),
  slideCount: Type.Number(),
  hiddenCount: Type.Number(),
})

export const ANSWER = { owner: Answer(OwnerReport), public: Answer(PublicReport), list: Answer(Type.Array(ReportSummary)) }
