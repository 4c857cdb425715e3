/**
 * The calls the pages make for their data: the part of the route table (docs/contract.md "The route
 * table") beside the sign-in and account calls of api.ts's API. Pages send them with `call(CALLS.x,
 * input)`; each page draws its own loading state (no global indicator) and waits up to DATA_TIMEOUT_MS.
 * Kept apart from API so that Login's start chunk does not carry them.
 */
import { PROFILE_PATH, spec, type Typed } from './api'
import { CARDS_PATH } from './cards'
import { DESK_PATH } from './desk'
import { DOWNLOAD_INFO_PATH } from './download'
import { TASKS_PATH } from './tasks'
import { INBOX_PATH, INBOX_READ_ALL_PATH, INBOX_UNREAD_PATH } from './inbox'
import { INVITE_CHECK_PATH, INVITE_PATH } from './invite'
import { PUSH_KEY_PATH, PUSH_SETTINGS_PATH, PUSH_SUBSCRIPTION_PATH } from './push'
import { MY_REPORTS_PATH, PUBLIC_REPORT_PATH } from './report'

export const DATA_TIMEOUT_MS = 15_000
// Public reads still carry the access token when there is one: a card or report answers `mine` by it.
const read = { loading: false, timeout: DATA_TIMEOUT_MS, bearer: 'access' } as const
const mine = { loading: false, timeout: DATA_TIMEOUT_MS } as const
const write = { loading: false } as const

const callsPart = {
  desk: spec('GET', DESK_PATH, 'account', mine),
  invite: spec('GET', INVITE_PATH, 'account', mine),
  /** Public; only informs (Login's welcome, Improve, Join), so it gives up sooner. */
  inviteCheck: spec('GET', INVITE_CHECK_PATH, 'public', { loading: false, timeout: 10_000, bearer: 'access' }),
  downloadInfo: spec('GET', DOWNLOAD_INFO_PATH, 'public', read),
  content: spec('GET', '/content/:kind/:id', 'public', read),
  reports: spec('GET', MY_REPORTS_PATH, 'session', mine),
  report: spec('GET', `${MY_REPORTS_PATH}/:id`, 'account', mine),
  /** Computing the figures can take longer than a read: the client's default time-out. */
  createReport: spec('POST', MY_REPORTS_PATH, 'account', write),
  /** Takes Idempotency-Key (docs/offline.md). */
  updateReport: spec('PUT', `${MY_REPORTS_PATH}/:id`, 'account', write),
  publicReport: spec('GET', `${PUBLIC_REPORT_PATH}/:id`, 'public', read),
  card: spec('GET', `${CARDS_PATH}/:id`, 'public', read),
  /** The student's own cards, newest first (50 at most). */
  myCards: spec('GET', CARDS_PATH, 'account', mine),
  /** Takes Idempotency-Key (docs/offline.md). */
  createCard: spec('POST', CARDS_PATH, 'account', write),
  /** My cards' 删除贺卡: the card and its recording. Takes Idempotency-Key (docs/offline.md): a delete made offline waits in the outbox. */
  cardDelete: spec('DELETE', `${CARDS_PATH}/:id`, 'session', write),
  /** Takes Idempotency-Key (docs/offline.md): a profile edit made offline waits in the outbox. */
  updateProfile: spec('PUT', PROFILE_PATH, 'account', write),
  task: spec('GET', `${TASKS_PATH}/:id`, 'account', mine),
  /** A repeat answers the first time: safe to send again. */
  taskDone: spec('POST', `${TASKS_PATH}/:id/done`, 'account', write),
  /** Opening the task (its page or its inbox entry) counts as read; a repeat keeps the first time. Takes Idempotency-Key (docs/offline.md). */
  taskRead: spec('POST', `${TASKS_PATH}/:id/read`, 'account', write),
  pushKey: spec('GET', PUSH_KEY_PATH, 'public', { loading: false, timeout: DATA_TIMEOUT_MS }),
  pushSubscribe: spec('PUT', PUSH_SUBSCRIPTION_PATH, 'token', write),
  pushSettings: spec('GET', PUSH_SETTINGS_PATH, 'token', mine),
  pushSettingsSave: spec('PUT', PUSH_SETTINGS_PATH, 'token', write),
  inbox: spec('GET', INBOX_PATH, 'token', mine),
  inboxUnread: spec('GET', INBOX_UNREAD_PATH, 'token', mine),
  /** Marking read again is harmless: safe to send again. */
  inboxRead: spec('POST', `${INBOX_PATH}/:id/read`, 'token', write),
  inboxReadAll: spec('POST', INBOX_READ_ALL_PATH, 'token', write),
}
export const CALLS: Typed<typeof callsPart> = callsPart
