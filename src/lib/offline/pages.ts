/**
 * What each page that reads offline checks in its copy before showing it (shapes of the contract types,
 * contract/guards.ts), and the copy's name. One place, so a change of a page's data shows here next to the
 * others.
 */
import { CARD_DESIGNS, type Card } from '../../contract/cards'
import type { ContentKind, ContentViews } from '../../contract/content'
import type { Desk } from '../../contract/desk'
import { arrayOf, type Guard, isBool, isNum, isRecord, isStr, nullable, oneOf, shape } from '../../contract/guards'
import { isInboxEntry, type InboxPage } from '../../contract/inbox'
import type { InviteInfo } from '../../contract/invite'
import { PUSH_KINDS, type PushSettings } from '../../contract/push'
import { SLIDE_KINDS, type OwnerReport, type PublicReport, type ReportSlide, type ReportSummary } from '../../contract/report'
import type { TaskDetail } from '../../contract/tasks'

// Each shape names its type, whose every field needs a guard (contract/guards.ts): a field added to the
// contract does not compile until the offline copy checks it too.
type Image = ContentViews['opus']['images'][number]
type Audio = NonNullable<ContentViews['opus']['audio']>
type Person = ContentViews['opus']['author']
const image = shape<Image>({ url: isStr, width: nullable(isNum), height: nullable(isNum) })
const audio = shape<Audio>({ url: isStr, mime: isStr, durationMs: isNum })
const person = shape<Person>({ name: isStr, className: nullable(isStr) })

export const isDesk = shape<Desk>({
  reading: arrayOf(shape({ id: isStr, bookTitle: isStr, author: isStr, minutes: isNum, pages: isNum, readAt: isNum })),
  works: arrayOf(shape({ id: isStr, title: isStr, createdAt: isNum, shareable: isBool })),
  tasks: arrayOf(shape({ id: isStr, title: isStr, publisherName: isStr, dueAt: nullable(isNum) })),
  report: nullable(shape({ id: isStr, shareable: isBool })),
  invited: isNum,
})

export const isReportList = arrayOf(
  shape<ReportSummary>({ id: isStr, year: isNum, createdAt: isNum, updatedAt: isNum, shareable: isBool, slideCount: isNum, hiddenCount: isNum }),
)

/** A task of the student's class, or null (not theirs): both are answers worth keeping. */
export const isTaskOrNone = nullable(
  shape<TaskDetail>({
    id: isStr,
    title: isStr,
    brief: isStr,
    publisherName: isStr,
    grade: nullable(isStr),
    className: isStr,
    dueAt: nullable(isNum),
    book: nullable(shape({ id: isStr, title: isStr, author: isStr })),
    doneAt: nullable(isNum),
  }),
)

/** A slide is checked by its kind, which is what the story renders it by (each kind's figures are the server's). */
const slide = (v: unknown): v is ReportSlide => isRecord(v) && oneOf(SLIDE_KINDS)(v.kind)
const publicReport = shape<PublicReport>({ id: isStr, year: isNum, slides: arrayOf(slide), inviteCode: nullable(isStr), updatedAt: isNum })
const ownerReport = shape<OwnerReport>({
  id: isStr,
  year: isNum,
  slides: arrayOf(slide),
  inviteCode: nullable(isStr),
  updatedAt: isNum,
  shareable: isBool,
  hidden: arrayOf(oneOf(SLIDE_KINDS)),
  createdAt: isNum,
})

export type LoadedReport = { kind: 'owner'; report: OwnerReport } | { kind: 'public'; report: PublicReport }
export const isLoadedReport: Guard<LoadedReport> = (v): v is LoadedReport =>
  isRecord(v) && (v.kind === 'owner' ? ownerReport(v.report) : v.kind === 'public' && publicReport(v.report))

export const isInvite = shape<InviteInfo>({ code: isStr, path: isStr, joined: arrayOf(shape({ name: isStr, joinedAt: isNum })) })

const VIEWS: { [K in ContentKind]: Guard<ContentViews[K]> } = {
  opus: shape({ id: isStr, title: isStr, author: person, org: nullable(isStr), cover: nullable(image), body: isStr, images: arrayOf(image), audio: nullable(audio), createdAt: isNum }),
  read: shape({
    id: isStr,
    book: shape({ title: isStr, author: isStr, category: isStr, cover: nullable(image), totalPages: nullable(isNum) }),
    reader: person,
    org: nullable(isStr),
    minutes: isNum,
    pages: isNum,
    notes: nullable(isStr),
    readAt: isNum,
    tzOffsetMin: isNum,
    streakDays: isNum,
    bookMinutes: isNum,
    bookSessions: isNum,
  }),
  task: shape({
    id: isStr,
    title: isStr,
    brief: isStr,
    dueAt: nullable(isNum),
    className: isStr,
    org: nullable(isStr),
    publisher: isStr,
    attachments: arrayOf(shape({ name: isStr, url: isStr, mime: isStr, size: isNum })),
    createdAt: isNum,
  }),
  sound: shape({ id: isStr, title: isStr, description: nullable(isStr), author: person, org: nullable(isStr), cover: nullable(image), audio, createdAt: isNum }),
}

/** A share page's content of that kind, or null (not available). */
export const isContentOrNone = <K extends ContentKind>(kind: K): Guard<ContentViews[K] | null> => nullable(VIEWS[kind])

export const isCardList = arrayOf(
  shape<Card>({
    id: isStr,
    design: oneOf(CARD_DESIGNS),
    to: isStr,
    message: isStr,
    senderName: isStr,
    audio: nullable(shape({ path: isStr, mime: isStr, durationMs: isNum })),
    shareable: isBool,
    createdAt: isNum,
    mine: isBool,
  }),
)

/** The inbox's first page: its entries checked one by one as the live channel's are. */
export const isInboxPage = shape<InboxPage>({ entries: arrayOf(isInboxEntry), next: nullable(isStr), unread: isNum })

export const isPushSettings = shape<PushSettings>(Object.fromEntries(PUSH_KINDS.map((k) => [k, isBool])) as { [K in keyof PushSettings]: Guard<boolean> })

/** Copy names: one per data set. */
export const COPY = {
  desk: (org: string) => `desk:${org}`,
  reports: 'reports',
  task: (id: string) => `task:${id}`,
  report: (id: string) => `report:${id}`,
  invite: 'invite',
  cards: 'cards',
  pushSettings: 'push-settings',
  inbox: 'inbox',
  content: (kind: ContentKind, id: string) => `share:${kind}:${id}`,
}
