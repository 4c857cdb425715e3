/**
 * The server's half of the route table (docs/contract.md "The route table"): the TypeBox schemas of every
 * entry of ROUTES, under the same name. Ajv validates a route's request with them, fast-json-stringify
 * writes its answer, the type provider types its handler (server/routes/provider.ts), and the app's call
 * types are derived from them (route.ts), so this module does not import the table: routes.ts checks that
 * the two name the same routes.
 */
import type { TSchema } from '@sinclair/typebox'
import * as A from './api'
import * as Cards from './cards'
import * as Classes from './classes'
import { FileAnswer, IdParams } from './common'
import * as Content from './content'
import * as Desk from './desk'
import * as Download from './download'
import * as G from './guardian'
import * as Health from './health'
import * as Inbox from './inbox'
import * as Invite from './invite'
import * as Push from './push'
import * as Report from './report'
import * as Tasks from './tasks'
import * as T from './teacher'

/** A route's schemas, as Fastify takes them: every route declares its HTTP 200 answer. */
export interface RouteSchema {
  body?: TSchema
  querystring?: TSchema
  params?: TSchema
  response: { 200: TSchema }
}

export const SCHEMAS = {
  // ---- API: sign-in and account ----
  weixinJsInit: { body: A.WxJsInitBody, response: { 200: A.ANSWER.wxJsInit } },
  student: { querystring: A.StudentQuery, response: { 200: A.ANSWER.student } },
  login: { body: A.LoginBody, response: { 200: A.ANSWER.tokens } },
  loginSms: { body: A.LoginSmsBody, response: { 200: A.ANSWER.smsLogin } },
  loginOauth: { body: A.LoginOauthBody, response: { 200: A.ANSWER.oauthLogin } },
  loginWxMp: { body: A.LoginWxMpBody, response: { 200: A.ANSWER.oauthLogin } },
  loginOauthBinding: { body: A.LoginOauthBindingBody, response: { 200: A.ANSWER.oauthLogin } },
  logout: { body: A.LogoutBody, response: { 200: A.ANSWER.none } },
  logoutCancel: { body: A.LogoutCancelBody, response: { 200: A.ANSWER.none } },
  forget: { body: A.ForgetBody, response: { 200: A.ANSWER.none } },
  passwordReset: { body: A.PasswordResetBody, response: { 200: A.ANSWER.none } },
  password: { body: A.PasswordSetBody, response: { 200: A.ANSWER.none } },
  improve: { body: A.ImproveBody, response: { 200: A.ANSWER.tokens } },
  refresh: { response: { 200: A.ANSWER.tokens } },
  smsCode: { body: A.SmsCodeBody, response: { 200: A.ANSWER.smsCode } },
  oauthUrl: { querystring: A.OauthUrlQuery, response: { 200: A.ANSWER.oauthUrl } },
  devSmsOutbox: { querystring: A.OutboxQuery, response: { 200: A.ANSWER.smsOutbox } },
  // ---- CALLS: the pages' data ----
  desk: { response: { 200: Desk.ANSWER.desk } },
  invite: { response: { 200: Invite.ANSWER.info } },
  inviteCheck: { querystring: Invite.InviteCheckQuery, response: { 200: Invite.ANSWER.check } },
  downloadInfo: { response: { 200: Download.ANSWER.info } },
  content: { params: Content.ContentParams, response: { 200: Content.ANSWER.content } },
  reports: { response: { 200: Report.ANSWER.list } },
  report: { params: IdParams, response: { 200: Report.ANSWER.owner } },
  createReport: { body: Report.ReportCreateBody, response: { 200: Report.ANSWER.owner } },
  updateReport: { params: IdParams, body: Report.ReportUpdateBody, response: { 200: Report.ANSWER.owner } },
  publicReport: { params: IdParams, response: { 200: Report.ANSWER.public } },
  card: { params: IdParams, response: { 200: Cards.ANSWER.card } },
  myCards: { response: { 200: Cards.ANSWER.cards } },
  createCard: { body: Cards.CardCreateBody, response: { 200: Cards.ANSWER.created } },
  updateProfile: { body: A.ProfileBody, response: { 200: A.ANSWER.profile } },
  task: { params: IdParams, response: { 200: Tasks.ANSWER.detail } },
  taskDone: { params: IdParams, response: { 200: Tasks.ANSWER.done } },
  taskRead: { params: IdParams, response: { 200: Tasks.ANSWER.read } },
  pushKey: { response: { 200: Push.ANSWER.key } },
  pushSubscribe: { body: Push.PushSubscribe, response: { 200: Push.ANSWER.subscribed } },
  pushSettings: { response: { 200: Push.ANSWER.settings } },
  pushSettingsSave: { body: Push.PushSettingsBody, response: { 200: Push.ANSWER.settings } },
  inbox: { querystring: Inbox.InboxQuery, response: { 200: Inbox.ANSWER.page } },
  inboxUnread: { response: { 200: Inbox.ANSWER.unread } },
  inboxRead: { params: IdParams, response: { 200: Inbox.ANSWER.unread } },
  inboxReadAll: { response: { 200: Inbox.ANSWER.unread } },
  // ---- SERVED: what the app loads by URL or never sends ----
  health: { response: { 200: Health.ANSWER.health } },
  cardAudioUpload: { response: { 200: Cards.ANSWER.uploaded } },
  cardAudio: { params: IdParams, response: { 200: Cards.ANSWER.audio } },
  cardUpdate: { params: IdParams, body: Cards.CardUpdateBody, response: { 200: Cards.ANSWER.none } },
  cardDelete: { params: IdParams, response: { 200: Cards.ANSWER.none } },
  media: { params: Content.MediaParams, response: { 200: Content.ANSWER.media } },
  shareCardImage: { response: { 200: Content.ANSWER.media } },
  downloadFile: { params: Download.FileParams, response: { 200: Download.ANSWER.file } },
  pushUnsubscribe: { response: { 200: Push.ANSWER.none } },
  openApi: { response: { 200: FileAnswer } },
  // ---- GUARDIAN: the consent and the guardian's page ----
  guardianStatus: { response: { 200: G.ANSWER.status } },
  guardianBirth: { body: G.BirthBody, response: { 200: G.ANSWER.status } },
  guardianCode: { body: G.GuardianCodeBody, response: { 200: G.ANSWER.sent } },
  guardianConsent: { body: G.GuardianConsentBody, response: { 200: G.ANSWER.status } },
  guardianSigninCode: { body: G.GuardianSigninCodeBody, response: { 200: G.ANSWER.sent } },
  guardianSignin: { body: G.GuardianSigninBody, response: { 200: G.ANSWER.signin } },
  guardianSignout: { response: { 200: G.ANSWER.none } },
  guardianChildren: { response: { 200: G.ANSWER.children } },
  guardianExport: { params: G.GuardianChildParams, response: { 200: G.ANSWER.file } },
  guardianRecording: { params: G.GuardianRecordingParams, response: { 200: G.ANSWER.file } },
  guardianProfile: { params: G.GuardianChildParams, body: G.GuardianChildProfileBody, response: { 200: G.ANSWER.none } },
  guardianWithdraw: { params: G.GuardianChildParams, response: { 200: G.ANSWER.none } },
  guardianDelete: { params: G.GuardianChildParams, response: { 200: G.ANSWER.none } },
  // ---- TEACHER: the teacher's side ----
  teacherClasses: { querystring: T.OrgQuery, response: { 200: T.ANSWER.classes } },
  classRequests: { querystring: Classes.ClassRequestsQuery, response: { 200: Classes.ANSWER.requests } },
  classConfirm: { body: Classes.ClassConfirm, response: { 200: Classes.ANSWER.confirmed } },
  classConfirmAll: { body: T.ClassConfirmAll, response: { 200: T.ANSWER.confirmedAll } },
  classRefuse: { body: Classes.ClassConfirm, response: { 200: T.ANSWER.refused } },
  classRoster: { params: IdParams, response: { 200: T.ANSWER.roster } },
  classRemove: { params: IdParams, body: T.ClassRemove, response: { 200: T.ANSWER.none } },
  assignTask: { body: Tasks.TaskAssign, response: { 200: Tasks.ANSWER.assigned } },
  teacherTasks: { querystring: T.OrgQuery, response: { 200: T.ANSWER.tasks } },
  taskProgress: { params: IdParams, response: { 200: T.ANSWER.progress } },
  taskRemind: { params: IdParams, response: { 200: T.ANSWER.reminded } },
  taskProgressCsv: { params: IdParams, querystring: T.CsvQuery, response: { 200: T.ANSWER.file } },
} as const satisfies Record<string, RouteSchema>

export type Schemas = typeof SCHEMAS
