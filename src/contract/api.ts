/**
 * The request contract: every call of docs/contract.md "The calls" plus our own (docs/contract.md), with the
 * bodies and response data of docs/contract.md. Paths are relative to the API base URL (`/api`).
 * The app's HTTP client is typed from this table; the shapes are the schemas of schemas/api.ts, which the
 * server validates and serializes with.
 */
import type { Static } from '@sinclair/typebox'
import type { BusinessCode } from './codes'
// Type-only: the schemas (and TypeBox) stay on the server; the app takes only their types.
import type * as S from './schemas/api'

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

export type DeviceType = 'browser' | 'wechat' | 'mobile' | 'pad' | 'client'
export const DEVICE_TYPES: readonly DeviceType[] = ['browser', 'wechat', 'mobile', 'pad', 'client']

/** Sent with every login (docs/product.md "Stored state"); `deviceCode` is a random id made once per browser. */
export type DeviceInfo = Pick<LoginBody, 'deviceType' | 'deviceCode' | 'appId'>

export type TokenPair = Static<typeof S.TokenPair>
/** Flags of docs/contract.md: isReg = this login began a registration that needs more steps; isPassword = the account has a password. */
export type SmsLoginData = Static<typeof S.SmsLoginData>
/** isPhone = the account has a bound phone. */
export type OauthLoginData = Static<typeof S.OauthLoginData>

/** `guardian`: a guardian's code (src/contract/guardian.ts), sent only by the guardian calls, never by /sms/code. */
export type SmsScene = 'login' | 'register' | 'forget' | 'bind' | 'guardian'
/** The scenes POST /sms/code sends. */
export const SMS_SCENES: readonly Exclude<SmsScene, 'guardian'>[] = ['login', 'register', 'forget', 'bind']

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

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
/** Which Bearer token the call carries: none, the stored access token, the temporary registration token, or the refresh token. */
export type Bearer = 'none' | 'access' | 'temp' | 'refresh'

export interface CallSpec<Body, Query, Data, Params = undefined> {
  method: Method
  /** Under the API base; `:name` segments are filled from the call's params. */
  path: string
  /** Needs the stored token (refused client-side when none exists; 401 → refresh-and-retry). */
  auth: boolean
  bearer: Bearer
  /** Adds timestamp + nonce and a Sign header (see sign.ts). */
  signed: boolean
  /** Counts for the app's loading indicator; a page that draws its own loading state says false. */
  loading: boolean
  /** Time-out in ms; the client's default when unset. */
  timeout?: number
  /** Type carriers only; always undefined at run time. */
  body?: Body
  query?: Query
  params?: Params
  data?: Data
}

export interface CallFlags {
  auth?: boolean
  bearer?: Bearer
  signed?: boolean
  loading?: boolean
  timeout?: number
}

/** One call of the contract: the app sends it with `call(spec, input)` (lib/http), typed by these parameters. */
export const spec = <Body = undefined, Query = undefined, Data = null, Params = undefined>(
  method: Method,
  path: string,
  flags: CallFlags = {},
): CallSpec<Body, Query, Data, Params> => ({
  method,
  path,
  auth: flags.auth ?? false,
  bearer: flags.bearer ?? (flags.auth ? 'access' : 'none'),
  signed: flags.signed ?? false,
  loading: flags.loading ?? true,
  timeout: flags.timeout,
})

export const API = {
  weixinJsInit: spec<WxJsInitBody, undefined, WxJsInitData>('POST', '/weixin/js/init', { signed: true }),
  student: spec<undefined, { appId: string }, StudentProfile>('GET', '/auth/student', { auth: true }),
  login: spec<LoginBody, undefined, TokenPair>('POST', '/login'),
  loginSms: spec<LoginSmsBody, undefined, SmsLoginData>('POST', '/login/sms'),
  loginOauth: spec<LoginOauthBody, undefined, OauthLoginData>('POST', '/login/oauth'),
  loginWxMp: spec<LoginWxMpBody, undefined, OauthLoginData>('POST', '/login/wx/mp', { signed: true }),
  loginOauthBinding: spec<LoginOauthBindingBody, undefined, OauthLoginData>('POST', '/login/oauth/binding', { bearer: 'temp' }),
  logout: spec<LogoutBody, undefined, null>('POST', '/logout', { auth: true }),
  logoutCancel: spec<LogoutCancelBody, undefined, null>('POST', '/logout/cancel', { auth: true }),
  forget: spec<ForgetBody, undefined, null>('PUT', '/auth/user/forget'),
  passwordReset: spec<PasswordResetBody, undefined, null>('PUT', '/auth/user/password/reset', { bearer: 'temp' }),
  password: spec<PasswordSetBody, undefined, null>('POST', '/auth/user/password', { auth: true }),
  improve: spec<ImproveBody, undefined, TokenPair>('PUT', '/auth/student/improve', { bearer: 'temp' }),
  refresh: spec<undefined, undefined, TokenPair>('GET', '/refresh', { bearer: 'refresh' }),
  smsCode: spec<SmsCodeBody, undefined, SmsCodeData>('POST', '/sms/code'),
  oauthUrl: spec<undefined, { redirectUri: string }, OauthUrlData>('GET', '/oauth/url'),
  devSmsOutbox: spec<undefined, { phone: string }, SmsOutboxData>('GET', '/dev/sms/outbox'),
} as const

export type ApiName = keyof typeof API
