/**
 * The calls the pages make for their data: the part of the route table (docs/contract.md "The route
 * table") beside the sign-in and account calls of api.ts's API. Pages send them with `call(CALLS.x,
 * input)`; each page draws its own loading state (no global indicator) and waits up to DATA_TIMEOUT_MS.
 * Kept apart from API so that Login's start chunk does not carry them.
 */
import { PROFILE_PATH, spec, type ProfileBody } from './api'
import { CARDS_PATH, type Card, type CardCreateBody, type CardCreated } from './cards'
import type { ContentKind, ContentViews } from './content'
import { DESK_PATH, type Desk } from './desk'
import { DOWNLOAD_INFO_PATH, type DownloadInfo } from './download'
import { TASKS_PATH, type TaskDetail, type TaskDone, type TaskRead } from './tasks'
import { INBOX_PATH, INBOX_READ_ALL_PATH, INBOX_UNREAD_PATH, type InboxPage, type InboxQuery, type InboxUnread } from './inbox'
import { INVITE_CHECK_PATH, INVITE_PATH, type InviteCheck, type InviteInfo } from './invite'
import { PUSH_KEY_PATH, PUSH_SETTINGS_PATH, PUSH_SUBSCRIPTION_PATH, type PushKey, type PushSettings, type PushSubscribe, type PushSubscribed } from './push'
import { MY_REPORTS_PATH, PUBLIC_REPORT_PATH, type OwnerReport, type PublicReport, type ReportCreateBody, type ReportSummary, type ReportUpdateBody } from './report'

export const DATA_TIMEOUT_MS = 15_000
// Public reads still carry the access token when there is one: a card or report answers `mine` by it.
const read = { loading: false, timeout: DATA_TIMEOUT_MS, bearer: 'access' } as const
const mine = { loading: false, timeout: DATA_TIMEOUT_MS } as const
const write = { loading: false } as const

export const CALLS = {
  desk: spec<undefined, undefined, Desk>('GET', DESK_PATH, 'account', mine),
  invite: spec<undefined, undefined, InviteInfo>('GET', INVITE_PATH, 'account', mine),
  /** Public; only informs (Login's welcome, Improve, Join), so it gives up sooner. */
  inviteCheck: spec<undefined, { code: string }, InviteCheck>('GET', INVITE_CHECK_PATH, 'public', { loading: false, timeout: 10_000, bearer: 'access' }),
  downloadInfo: spec<undefined, undefined, DownloadInfo>('GET', DOWNLOAD_INFO_PATH, 'public', read),
  content: spec<undefined, undefined, ContentViews[ContentKind], { kind: ContentKind; id: string }>('GET', '/content/:kind/:id', 'public', read),
  reports: spec<undefined, undefined, ReportSummary[]>('GET', MY_REPORTS_PATH, 'session', mine),
  report: spec<undefined, undefined, OwnerReport, { id: string }>('GET', `${MY_REPORTS_PATH}/:id`, 'session', mine),
  /** Computing the figures can take longer than a read: the client's default time-out. */
  createReport: spec<ReportCreateBody, undefined, OwnerReport>('POST', MY_REPORTS_PATH, 'session', write),
  /** Takes Idempotency-Key (docs/offline.md). */
  updateReport: spec<ReportUpdateBody, undefined, OwnerReport, { id: string }>('PUT', `${MY_REPORTS_PATH}/:id`, 'session', write),
  publicReport: spec<undefined, undefined, PublicReport, { id: string }>('GET', `${PUBLIC_REPORT_PATH}/:id`, 'public', read),
  card: spec<undefined, undefined, Card, { id: string }>('GET', `${CARDS_PATH}/:id`, 'public', read),
  /** The student's own cards, newest first (50 at most). */
  myCards: spec<undefined, undefined, Card[]>('GET', CARDS_PATH, 'session', mine),
  /** Takes Idempotency-Key (docs/offline.md). */
  createCard: spec<CardCreateBody, undefined, CardCreated>('POST', CARDS_PATH, 'account', write),
  /** My cards' 删除贺卡: the card and its recording. Takes Idempotency-Key (docs/offline.md): a delete made offline waits in the outbox. */
  cardDelete: spec<undefined, undefined, null, { id: string }>('DELETE', `${CARDS_PATH}/:id`, 'session', write),
  /** Takes Idempotency-Key (docs/offline.md): a profile edit made offline waits in the outbox. */
  updateProfile: spec<ProfileBody, undefined, ProfileBody>('PUT', PROFILE_PATH, 'account', write),
  task: spec<undefined, undefined, TaskDetail, { id: string }>('GET', `${TASKS_PATH}/:id`, 'account', mine),
  /** A repeat answers the first time: safe to send again. */
  taskDone: spec<undefined, undefined, TaskDone, { id: string }>('POST', `${TASKS_PATH}/:id/done`, 'account', write),
  /** Opening the task (its page or its inbox entry) counts as read; a repeat keeps the first time. Takes Idempotency-Key (docs/offline.md). */
  taskRead: spec<undefined, undefined, TaskRead, { id: string }>('POST', `${TASKS_PATH}/:id/read`, 'account', write),
  pushKey: spec<undefined, undefined, PushKey>('GET', PUSH_KEY_PATH, 'public', { loading: false, timeout: DATA_TIMEOUT_MS }),
  pushSubscribe: spec<PushSubscribe, undefined, PushSubscribed>('PUT', PUSH_SUBSCRIPTION_PATH, 'token', write),
  pushSettings: spec<undefined, undefined, PushSettings>('GET', PUSH_SETTINGS_PATH, 'token', mine),
  pushSettingsSave: spec<Partial<PushSettings>, undefined, PushSettings>('PUT', PUSH_SETTINGS_PATH, 'token', write),
  inbox: spec<undefined, InboxQuery, InboxPage>('GET', INBOX_PATH, 'token', mine),
  inboxUnread: spec<undefined, undefined, InboxUnread>('GET', INBOX_UNREAD_PATH, 'token', mine),
  /** Marking read again is harmless: safe to send again. */
  inboxRead: spec<undefined, undefined, InboxUnread, { id: string }>('POST', `${INBOX_PATH}/:id/read`, 'token', write),
  inboxReadAll: spec<undefined, undefined, InboxUnread>('POST', INBOX_READ_ALL_PATH, 'token', write),
} as const
