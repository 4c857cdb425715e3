/**
 * The request contract: every call of docs/contract.md "The calls" plus our own (docs/contract.md), with the
 * bodies and response data of docs/contract.md. Paths are relative to the API base URL (`/api`).
 * The app's HTTP client is typed from this table; the shapes are the schemas of schemas/api.ts, which the
 * server validates and serializes with.
 */
import type { Static } from '@sinclair/typebox'
import type { BusinessCode } from './codes'
import { spec, type Typed } from './route'
// Type-only: the schemas (and TypeBox) stay on the server; the app takes only their types.
import type * as S from './schemas/api'
import { DEVICE_TYPES, SMS_SCENES, type DeviceType, type SentScene, type SmsScene } from './values/api'
export { DEVICE_TYPES, SMS_SCENES, type DeviceType, type SentScene, type SmsScene }

/** Every response body: HTTP 200 for business results (code 0 = success), 401/404/429 per the wire contract. */
export interface Envelope<T = unknown> {
  code: BusinessCode | number
  msg: string
  data: T
}

export const API_BASE = '/api'

/** Request headers of docs/contract.md "The calls". */
export const HEADER = {
  appId: 'App-ID',
  authorization: 'Authorization',
  orgId: 'Org-ID',
  studentId: 'Student-ID',
  sign: 'Sign',
  /** Response headers that carry a new token pair. */
  token: 'token',
  refreshToken: 'refresh-token',
} as const


/** Sent with every login (docs/product.md "Stored state"); `deviceCode` is a random id made once per browser. */
export type DeviceInfo = Pick<LoginBody, 'deviceType' | 'deviceCode' | 'appId'>

export type TokenPair = Static<typeof S.TokenPair>
/** Flags of docs/contract.md: isReg = this login began a registration that needs more steps; isPassword = the account has a password. */
export type SmsLoginData = Static<typeof S.SmsLoginData>
/** isPhone = the account has a bound phone. */
export type OauthLoginData = Static<typeof S.OauthLoginData>

export type OrgRef = Static<typeof S.OrgRef>
/** GET /auth/student: the user-info object (docs/contract.md). `id` is the topic's {userId}. */
export type StudentProfile = Static<typeof S.StudentProfile>

// ---- bodies -------------------------------------------------------------------------------------------

export type LoginBody = Static<typeof S.LoginBody>
export type LoginSmsBody = Static<typeof S.LoginSmsBody>
export type OauthPayload = Static<typeof S.OauthPayload>
export type LoginOauthBody = Static<typeof S.LoginOauthBody>
/** Signed. `payload` is the mini-programme's js_code. */
export type LoginWxMpBody = Static<typeof S.LoginWxMpBody>
/** Bearer: the temporary token of the OAuth / WX-MP login. `payload` is the SMS code (scene 'bind'). */
export type LoginOauthBindingBody = Static<typeof S.LoginOauthBindingBody>
export type LogoutBody = Static<typeof S.LogoutBody>
export type ForgetBody = Static<typeof S.ForgetBody>
/** Bearer: the temporary token. */
export type PasswordResetBody = Static<typeof S.PasswordResetBody>
/** Deleting the account: the password, or an SMS login code sent to the account's phone. */
export type LogoutCancelBody = Static<typeof S.LogoutCancelBody>
/** `oldPassword` is required when the account already has a password. */
export type PasswordSetBody = Static<typeof S.PasswordSetBody>
/** Bearer: the temporary token (or the access token to edit a complete profile). */
export type ImproveBody = Static<typeof S.ImproveBody>
/** PUT /auth/student/profile: a signed-in student edits the profile (the session stays; Idempotency-Key honoured). */
export type ProfileBody = Static<typeof S.ProfileBody>
export const PROFILE_PATH = '/auth/student/profile'
export type SmsCodeBody = Static<typeof S.SmsCodeBody>
/** Signed. */
export type WxJsInitBody = Static<typeof S.WxJsInitBody>

// ---- response data ------------------------------------------------------------------------------------

export type SmsCodeData = Static<typeof S.SmsCodeData>
export type SmsOutboxData = Static<typeof S.SmsOutboxData>
/** wx.config() arguments of the WeChat JS-SDK. */
export type WxJsInitData = Static<typeof S.WxJsInitData>
/** GET /oauth/url: where the Login page sends the browser for OAuth. */
export type OauthUrlData = Static<typeof S.OauthUrlData>
/** HTTP 429 data. */
export interface TooManyData {
  retryAfter: number
}

// ---- the table ----------------------------------------------------------------------------------------

export { spec, type Access, type Bearer, type CallFlags, type CallOf, type CallSpec, type Entry, type Method, type Route, type Typed } from './route'

/** A registration step carries the temporary token of the login that began it, which the app does not store as its session. */
const REGISTRATION_STEP = { auth: false, bearer: 'temp' } as const

/**
 * The sign-in and account calls: the part of the route table Login's start needs, kept apart from the
 * pages' calls (calls.ts) and the routes the app does not send (served.ts) so that /login's start chunk
 * carries only these (docs/contract.md "The route table").
 */
const apiPart = {
  weixinJsInit: spec('POST', '/weixin/js/init', 'signed'),
  student: spec('GET', '/auth/student', 'account'),
  login: spec('POST', '/login', 'public'),
  loginSms: spec('POST', '/login/sms', 'public'),
  loginOauth: spec('POST', '/login/oauth', 'public'),
  loginWxMp: spec('POST', '/login/wx/mp', 'signed'),
  loginOauthBinding: spec('POST', '/login/oauth/binding', 'token', REGISTRATION_STEP),
  /** Any live session may end itself, whatever organisation it acts for. */
  logout: spec('POST', '/logout', 'token'),
  logoutCancel: spec('POST', '/logout/cancel', 'session'),
  forget: spec('PUT', '/auth/user/forget', 'public'),
  passwordReset: spec('PUT', '/auth/user/password/reset', 'token', REGISTRATION_STEP),
  password: spec('POST', '/auth/user/password', 'session'),
  improve: spec('PUT', '/auth/student/improve', 'token', REGISTRATION_STEP),
  refresh: spec('GET', '/refresh', 'refresh'),
  smsCode: spec('POST', '/sms/code', 'public'),
  oauthUrl: spec('GET', '/oauth/url', 'public'),
  devSmsOutbox: spec('GET', '/dev/sms/outbox', 'public', { devOnly: true }),
}
export const API: Typed<typeof apiPart> = apiPart

export type ApiName = keyof typeof API
