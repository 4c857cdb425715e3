/**
 * The request contract: every call of docs/contract.md "The calls" plus our own (docs/contract.md), with the
 * bodies and response data of docs/contract.md. Paths are relative to the API base URL (`/api`).
 * The app's HTTP client and the server's routes are both typed from this table.
 */
import type { BusinessCode } from './codes'

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

/** Sent with every login (docs/product.md "Stored state"). */
export interface DeviceInfo {
  deviceType: DeviceType
  /** Random UUID-style identifier generated once per browser. */
  deviceCode: string
  appId: string
}

export interface TokenPair {
  token: string
  refreshToken: string
}

/** Flags of docs/contract.md: isReg = this login began a registration that needs more steps; isPassword = the account has a password. */
export interface SmsLoginData extends TokenPair {
  isReg: boolean
  isPassword: boolean
}

/** isPhone = the account has a bound phone. */
export interface OauthLoginData extends SmsLoginData {
  isPhone: boolean
}

export type SmsScene = 'login' | 'register' | 'forget' | 'bind'
export const SMS_SCENES: readonly SmsScene[] = ['login', 'register', 'forget', 'bind']

export interface OrgRef {
  id: string
  name: string
  code: string
}

/** GET /auth/student: the user-info object (docs/contract.md). `id` is the topic's {userId}. */
export interface StudentProfile {
  /** The account's user id. */
  id: string
  studentId: string
  name: string
  /** '+86…' */
  phone: string | null
  avatar: string | null
  grade: string
  className: string
  /** The current org: the Org-ID header's org when sent, else the primary membership. */
  org: OrgRef | null
  orgList: OrgRef[]
  roleList: string[]
  /** `<orgCode>:<role>` for every membership. */
  orgRoleList: string[]
  permList: string[]
  isPassword: boolean
  /** The account's own invitation code. */
  inviteCode: string | null
  createdAt: string
}

// ---- bodies -------------------------------------------------------------------------------------------

export interface LoginBody extends DeviceInfo {
  username: string
  password: string
}
export interface LoginSmsBody extends DeviceInfo {
  username: string
  code: string
  isAdmin: boolean
}
export interface OauthPayload {
  code: string
  state: string
  redirectUri: string
}
export interface LoginOauthBody extends DeviceInfo {
  payload: OauthPayload
  isAdmin: boolean
}
/** Signed. `payload` is the mini-programme's js_code. */
export interface LoginWxMpBody extends DeviceInfo {
  payload: string
  sort: 1
}
/** Bearer: the temporary token of the OAuth / WX-MP login. `payload` is the SMS code (scene 'bind'). */
export interface LoginOauthBindingBody extends DeviceInfo {
  username: string
  payload: string
  isAdmin: boolean
}
export interface LogoutBody {
  deviceType: DeviceType
  appId: string
}
export interface ForgetBody extends Partial<DeviceInfo> {
  username: string
  payload: { code: string; password: string }
}
/** Bearer: the temporary token. */
export interface PasswordResetBody {
  password: string
}
/** Deleting the account: the password, or an SMS login code sent to the account's phone. */
export interface LogoutCancelBody {
  password?: string
  code?: string
}

export interface PasswordSetBody {
  /** Required when the account already has a password. */
  oldPassword?: string
  password: string
}
/** Bearer: the temporary token (or the access token to edit a complete profile). */
export interface ImproveBody {
  name: string
  grade: string
  className: string
  orgCode: string
  inviteCode?: string
}
/** PUT /auth/student/profile: a signed-in student edits the profile (the session stays; Idempotency-Key honoured). */
export type ProfileBody = Pick<ImproveBody, 'name' | 'grade' | 'className'>
export const PROFILE_PATH = '/auth/student/profile'
export interface SmsCodeBody {
  /** '+86…' (any form is accepted). */
  username: string
  scene: SmsScene
}
/** Signed. */
export interface WxJsInitBody {
  url: string
}

// ---- response data ------------------------------------------------------------------------------------

export interface SmsCodeData {
  /** Seconds the code stays valid. */
  expiresIn: number
  /** Seconds until another code may be requested for this phone. */
  resendIn: number
}
export interface SmsOutboxData {
  phone: string
  code: string
  scene: SmsScene
  sentAt: string
}
/** wx.config() arguments of the WeChat JS-SDK. */
export interface WxJsInitData {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}
/** GET /oauth/url: where the Login page sends the browser for OAuth. */
export interface OauthUrlData {
  url: string
  state: string
}
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
