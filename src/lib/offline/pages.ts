/**
 * What each page that reads offline checks in its copy before showing it (lib/offline/check.ts), and the
 * copy's name. One place, so a change of a page's data shows here next to the others.
 */
import type { Card } from '../../contract/cards'
import type { ContentKind, ContentViews } from '../../contract/content'
import type { Desk } from '../../contract/desk'
import { isInboxEntry, type InboxPage } from '../../contract/inbox'
import type { InviteInfo } from '../../contract/invite'
import { PUSH_KINDS, type PushSettings } from '../../contract/push'
import type { OwnerReport, PublicReport, ReportSummary } from '../../contract/report'
import type { TaskDetail } from '../../contract/tasks'
import { arrayOf, guard, isBool, isNum, isStr, nullable, shape, type Test } from './check'

const image = shape({ url: isStr, width: nullable(isNum), height: nullable(isNum) })
const audio = shape({ url: isStr, mime: isStr, durationMs: isNum })
const person = shape({ name: isStr, className: nullable(isStr) })

export const isDesk = guard<Desk>(
  shape({
    reading: arrayOf(shape({ id: isStr, bookTitle: isStr, author: isStr, minutes: isNum, pages: isNum, readAt: isNum })),
    works: arrayOf(shape({ id: isStr, title: isStr, createdAt: isNum, shareable: isBool })),
    tasks: arrayOf(shape({ id: isStr, title: isStr, publisherName: isStr, dueAt: nullable(isNum) })),
    report: nullable(shape({ id: isStr, shareable: isBool })),
    invited: isNum,
  }),
)

export const isReportList = guard<ReportSummary[]>(
  arrayOf(shape({ id: isStr, year: isNum, createdAt: isNum, updatedAt: isNum, shareable: isBool, slideCount: isNum, hiddenCount: isNum })),
)

/** A task of the student's class, or null (not theirs): both are answers worth keeping. */
export const isTaskOrNone = guard<TaskDetail | null>(
  nullable(
    shape({
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
  ),
)

const slide = shape({ kind: isStr })
const publicReport = shape({ id: isStr, year: isNum, slides: arrayOf(slide), inviteCode: nullable(isStr), updatedAt: isNum })
const ownerReport: Test = (v) => publicReport(v) && shape({ shareable: isBool, hidden: arrayOf(isStr), createdAt: isNum })(v)

export type LoadedReport = { kind: 'owner'; report: OwnerReport } | { kind: 'public'; report: PublicReport }
export const isLoadedReport = guard<LoadedReport>((v) => shape({ kind: (k) => k === 'owner' })(v) ? shape({ report: ownerReport })(v) : shape({ kind: (k) => k === 'public', report: publicReport })(v))

export const isInvite = guard<InviteInfo>(shape({ code: isStr, path: isStr, joined: arrayOf(shape({ name: isStr, joinedAt: isNum })) }))

const VIEWS: Record<ContentKind, Test> = {
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
export const isContentOrNone = <K extends ContentKind>(kind: K) => guard<ContentViews[K] | null>(nullable(VIEWS[kind]))

export const isCardList = guard<Card[]>(
  arrayOf(
    shape({
      id: isStr,
      design: isStr,
      to: isStr,
      message: isStr,
      senderName: isStr,
      audio: nullable(shape({ path: isStr, mime: isStr, durationMs: isNum })),
      shareable: isBool,
      createdAt: isNum,
      mine: isBool,
    }),
  ),
)

/** The inbox's first page: its entries checked one by one as the live channel's are. */
export const isInboxPage = guard<InboxPage>(shape({ entries: arrayOf(isInboxEntry), next: nullable(isStr), unread: isNum }))

export const isPushSettings = guard<PushSettings>(shape(Object.fromEntries(PUSH_KINDS.map((k) => [k, isBool]))))

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
