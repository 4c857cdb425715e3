/**
 * What the API description (docs/openapi.json, server/openapi.ts) says of each route of the table that its
 * schemas do not: a summary, the business codes it answers, and how its request or answer differs from
 * JSON. Server-only like the rest of schemas/, so the app's bundles never carry it.
 *
 * Adding a route to the table (docs/contract.md "The route table") needs its entry here too: the compiler
 * refuses SUMMARIES without it ("Property '<name>' is missing"), and `npm run docs:openapi` names it.
 */
import type { BusinessCode } from '../codes'
import { CODE as C } from '../codes'
import type { RouteName } from '../routes'

export interface RouteDoc {
  /** One line: what the call does, for whom. */
  summary: string
  /**
   * The business codes this route answers beyond those of every route with its access, which the
   * description adds itself: 0, 100002 (a field), 100003 (a limit), 100500 and, with a token, 300001–300003,
   * with a signature 30004.
   */
  codes: readonly BusinessCode[]
  /** The success is a file of this media type, not an envelope (a refusal still is one). */
  file?: string
  /** The request is a multipart form of these fields (name → meaning). */
  form?: Readonly<Record<string, string>>
  /** Sent with the guardian's token (`Guardian-Token`), not the student's. */
  guardian?: true
}

export const SUMMARIES = {
  // ---- API: sign-in and account ----
  weixinJsInit: { summary: "The WeChat JS-SDK's signature for a page URL", codes: [] },
  student: { summary: "The signed-in student's profile", codes: [C.USER_NOT_FOUND, C.ACCOUNT_DISABLED] },
  login: { summary: 'Sign in with a phone number and password', codes: [C.PASSWORD_INVALID, C.USER_NOT_FOUND, C.ACCOUNT_DISABLED] },
  loginSms: { summary: 'Sign in (or register) with a phone number and an SMS code', codes: [C.SMS_CODE_INVALID, C.ACCOUNT_DISABLED] },
  loginOauth: { summary: "Sign in with the OpenID Connect provider's authorization code", codes: [C.USER_NOT_FOUND, C.ACCOUNT_DISABLED] },
  loginWxMp: { summary: "Sign in from the WeChat mini programme with its login code", codes: [C.USER_NOT_FOUND, C.ACCOUNT_DISABLED] },
  loginOauthBinding: { summary: 'Bind a phone number to a first sign-in through OpenID Connect or WeChat', codes: [C.SMS_CODE_INVALID, C.USER_EXISTS] },
  logout: { summary: 'Sign out: end this session', codes: [] },
  logoutCancel: { summary: 'Delete the account, confirmed with its password or an SMS code', codes: [C.PASSWORD_INVALID, C.SMS_CODE_INVALID] },
  forget: { summary: 'Forgotten password: check the SMS code and get a token to set a new one', codes: [C.SMS_CODE_INVALID, C.USER_NOT_FOUND] },
  passwordReset: { summary: 'Set a new password with the token of a forgotten-password check', codes: [C.PASSWORD_INVALID] },
  password: { summary: 'Change the password, confirmed with the current one', codes: [C.PASSWORD_INVALID] },
  improve: { summary: "Complete a new account's profile (name, school, grade, class, birth)", codes: [C.ORG_NOT_IDENTIFIED] },
  refresh: { summary: 'A new token pair for a refresh token', codes: [C.ACCOUNT_DISABLED] },
  smsCode: { summary: 'Send an SMS code to a phone number for a scene (login, register, forget, bind)', codes: [C.USER_NOT_FOUND, C.USER_EXISTS] },
  oauthUrl: { summary: "The OpenID Connect provider's authorization URL", codes: [] },
  devSmsOutbox: { summary: 'Development only, this machine only: the last SMS code sent to a number', codes: [C.DATA_EMPTY, C.NOT_FOUND] },
  // ---- CALLS: the pages' data ----
  desk: { summary: "Home: the student's reading, open tasks and what is new", codes: [C.USER_NOT_FOUND] },
  invite: { summary: "The student's invitation code and the classmates it brought", codes: [C.USER_NOT_FOUND] },
  inviteCheck: { summary: 'Whether an invitation code exists, and whose it is', codes: [C.DATA_EMPTY] },
  downloadInfo: { summary: "The Download page's links: the Android package and the stores", codes: [] },
  content: { summary: 'A piece of reading content (a book, a story, a lesson) by kind and id', codes: [C.DATA_EMPTY] },
  reports: { summary: "The student's reading reports", codes: [] },
  report: { summary: 'One of the student’s reading reports', codes: [C.DATA_EMPTY] },
  createReport: { summary: 'Write a reading report', codes: [C.USER_NOT_FOUND, C.GUARDIAN_CONSENT_REQUIRED] },
  updateReport: { summary: 'Change a reading report or whether it is shared', codes: [C.DATA_EMPTY, C.GUARDIAN_CONSENT_REQUIRED] },
  publicReport: { summary: 'A shared reading report, as anyone with its link sees it', codes: [C.DATA_EMPTY] },
  card: { summary: "A Mother's Day card: to its author, or to anyone while it is shared", codes: [C.DATA_EMPTY] },
  myCards: { summary: "The student's cards", codes: [] },
  createCard: { summary: 'Write a card, optionally with an uploaded recording', codes: [C.DATA_EMPTY, C.USER_NOT_FOUND, C.GUARDIAN_CONSENT_REQUIRED] },
  updateProfile: { summary: "Change the student's name, grade and class", codes: [C.USER_NOT_FOUND] },
  task: { summary: 'A task of the student’s class, with its book and when the student did it', codes: [C.TASK_NOT_FOUND] },
  taskDone: { summary: 'Mark a task done (a repeat answers the first time)', codes: [C.TASK_NOT_FOUND] },
  taskRead: { summary: 'Students: a task was opened (counts as read for its teacher; Idempotency-Key honoured)', codes: [C.TASK_NOT_FOUND] },
  pushKey: { summary: "The server's Web Push (VAPID) public key", codes: [] },
  pushSubscribe: { summary: "Store this session's Web Push subscription", codes: [] },
  pushSettings: { summary: 'Which kinds of notification the account wants', codes: [] },
  pushSettingsSave: { summary: 'Change which kinds of notification the account wants', codes: [] },
  inbox: { summary: "A page of the account's notifications, newest first", codes: [] },
  inboxUnread: { summary: 'How many notifications are unread', codes: [] },
  inboxRead: { summary: 'Mark one notification read', codes: [C.DATA_EMPTY] },
  inboxReadAll: { summary: 'Mark every notification up to now read', codes: [] },
  // ---- SERVED: what the app loads by URL or never sends ----
  health: { summary: 'Whether this node and its database answer (for load balancers and monitors)', codes: [] },
  cardAudioUpload: {
    summary: "Upload a card's recording (Idempotency-Key honoured)",
    codes: [C.USER_NOT_FOUND, C.GUARDIAN_CONSENT_REQUIRED],
    form: { audio: 'the recording (webm, ogg, m4a, mp3, aac or wav), at most 5 MB and 60 s', durationMs: "the recorder's length; the server measures its own" },
  },
  cardAudio: { summary: "A card's recording, with byte ranges", codes: [C.DATA_EMPTY], file: 'audio/*' },
  cardUpdate: { summary: 'Share a card or make it private', codes: [C.DATA_EMPTY, C.GUARDIAN_CONSENT_REQUIRED] },
  cardDelete: { summary: 'Delete a card and its recording', codes: [C.DATA_EMPTY] },
  media: { summary: 'A picture or sound of the reading content', codes: [C.DATA_EMPTY], file: 'application/octet-stream' },
  shareCardImage: { summary: 'The link-preview picture of pages without one of their own (1200×630)', codes: [], file: 'image/png' },
  downloadFile: { summary: 'A file of the Download page (the Android package)', codes: [C.DATA_EMPTY], file: 'application/vnd.android.package-archive' },
  pushUnsubscribe: { summary: "Remove this session's Web Push subscription", codes: [] },
  openApi: { summary: 'This description of the API (served when API_DOCS=1)', codes: [], file: 'application/json' },
  // ---- GUARDIAN: the consent and the guardian's page ----
  guardianStatus: { summary: "The account's age, consent and limits", codes: [] },
  guardianBirth: { summary: "Give the account's month and year of birth, once", codes: [] },
  guardianCode: { summary: "Send the guardian's consent code to the guardian's phone", codes: [C.GUARDIAN_PHONE_OWN, C.GUARDIAN_PHONE_CHILD, C.GUARDIAN_CONSENT_CURRENT] },
  guardianConsent: { summary: "Record the guardian's consent with the code they received", codes: [C.SMS_CODE_INVALID, C.GUARDIAN_PHONE_OWN, C.GUARDIAN_PHONE_CHILD, C.GUARDIAN_CONSENT_CURRENT] },
  guardianSigninCode: { summary: "Guardians: send a sign-in code to the guardian's phone", codes: [] },
  guardianSignin: { summary: "Guardians: sign in with the code, and list one's children", codes: [C.SMS_CODE_INVALID, C.DATA_EMPTY] },
  guardianExport: { summary: "Guardians: a child's data as a JSON file", codes: [C.DATA_EMPTY], file: 'application/json', guardian: true },
  guardianRecording: { summary: "Guardians: one of a child's recordings", codes: [C.DATA_EMPTY], file: 'audio/*', guardian: true },
  guardianProfile: { summary: "Guardians: correct a child's profile", codes: [C.DATA_EMPTY], guardian: true },
  guardianWithdraw: { summary: 'Guardians: withdraw the consent', codes: [C.DATA_EMPTY], guardian: true },
  guardianDelete: { summary: "Guardians: delete a child's account", codes: [C.DATA_EMPTY], guardian: true },
  teacherClasses: { summary: 'Teachers: the classes I teach in an organisation, with their student and request counts', codes: [C.ROLE_FORBIDDEN] },
  classRequests: { summary: "Teachers: the students who ask to join a class I teach, or a class no teacher of the organisation teaches", codes: [C.ROLE_FORBIDDEN] },
  classConfirm: { summary: "Teachers: confirm a student's class (the student gets a notice)", codes: [C.ROLE_FORBIDDEN, C.DATA_EMPTY] },
  classConfirmAll: { summary: 'Teachers: confirm every waiting request of a class', codes: [C.ROLE_FORBIDDEN] },
  classRefuse: { summary: "Teachers: refuse a student's class (the student gets a notice saying what to do)", codes: [C.ROLE_FORBIDDEN, C.DATA_EMPTY] },
  classRoster: { summary: 'Teachers: the confirmed students of a class I teach', codes: [C.ROLE_FORBIDDEN] },
  classRemove: { summary: 'Teachers: take a student out of a class I teach', codes: [C.ROLE_FORBIDDEN, C.DATA_EMPTY] },
  assignTask: { summary: 'Teachers: assign a task to a class (Idempotency-Key honoured; 30 an hour)', codes: [C.ROLE_FORBIDDEN, C.TASK_INVALID] },
  teacherTasks: { summary: "Teachers: the tasks of the classes I teach, with each one's progress counts", codes: [C.ROLE_FORBIDDEN] },
  taskProgress: { summary: "Teachers: a task's progress, student by student (not opened, read, done)", codes: [C.ROLE_FORBIDDEN] },
  taskRemind: { summary: 'Teachers: remind the students who have not done a task (once an hour a task)', codes: [C.ROLE_FORBIDDEN] },
  taskProgressCsv: { summary: "Teachers: a task's progress as CSV (UTF-8 with BOM, for Excel and WPS)", codes: [C.ROLE_FORBIDDEN], file: 'text/csv' },
  guardianChildren: { summary: "Guardians: the children of the guardian's session, with a summary of each one's data (a reload needs no new code)", codes: [], guardian: true },
  guardianSignout: { summary: "Guardians: end the guardian's session", codes: [], guardian: true },
} as const satisfies Record<RouteName, RouteDoc>
