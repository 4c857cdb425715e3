/** The sign-in and account calls of src/contract/api.ts: their bodies, queries and answers. */
import { Type } from '@sinclair/typebox'
import { SMS_SCENES } from '../values/api'
import {
  Answer,
  Device,
  DeviceTypeField,
  GivenPassword,
  Limited,
  NewPassword,
  NoDataAnswer,
  Nullable,
  Shown,
  SignedFields,
  SmsCodeField,
  Str,
  Username,
} from './common'

// ---- bodies and queries -------------------------------------------------------------------------------

export const LoginBody = Type.Object({ username: Username, password: GivenPassword, ...Device })
export const LoginSmsBody = Type.Object({ username: Username, code: SmsCodeField, isAdmin: Type.Optional(Type.Boolean()), ...Device })
export const OauthPayload = Type.Object({ code: Str(2048), state: Str(256), redirectUri: Str(2048) })
export const LoginOauthBody = Type.Object({ payload: OauthPayload, isAdmin: Type.Optional(Type.Boolean()), ...Device })
/** Signed. `payload` is the mini-programme's js_code. */
export const LoginWxMpBody = Type.Object({ payload: Str(256), sort: Type.Optional(Type.Literal(1)), ...Device, ...SignedFields })
/** Bearer: the temporary token of the OAuth / WX-MP login. `payload` is the SMS code (scene 'bind'). */
export const LoginOauthBindingBody = Type.Object({ username: Username, payload: SmsCodeField, isAdmin: Type.Optional(Type.Boolean()), ...Device })
export const LogoutBody = Type.Object({ deviceType: Type.Optional(DeviceTypeField), appId: Type.Optional(Str(64)) })
export const ForgetBody = Type.Object({
  username: Username,
  payload: Type.Object({ code: SmsCodeField, password: NewPassword }),
  deviceType: Type.Optional(DeviceTypeField),
  deviceCode: Type.Optional(Str(128)),
  appId: Type.Optional(Str(64)),
})
/** Bearer: the temporary token. */
export const PasswordResetBody = Type.Object({ password: NewPassword })
/** Deleting the account: the password, or an SMS login code sent to the account's phone. */
export const LogoutCancelBody = Type.Object({ password: Type.Optional(GivenPassword), code: Type.Optional(SmsCodeField) })
/** `oldPassword` is required when the account already has a password. */
export const PasswordSetBody = Type.Object({ oldPassword: Type.Optional(GivenPassword), password: NewPassword })
/** Bearer: the temporary token (or the access token to edit a complete profile). */
export const ImproveBody = Type.Object({
  name: Shown(32),
  grade: Shown(32),
  className: Shown(32),
  orgCode: Str(32),
  inviteCode: Type.Optional(Str(32, 0)),
  /** Month and year of birth (src/contract/guardian.ts); required when the profile is first made. */
  birth: Type.Optional(Type.Object({ year: Type.Integer({ minimum: 1900, maximum: 2100 }), month: Type.Integer({ minimum: 1, maximum: 12 }) })),
})
/** PUT /auth/student/profile: a signed-in student edits the profile. */
export const ProfileBody = Type.Object({ name: Shown(32), grade: Shown(32), className: Shown(32) }, { additionalProperties: false })
/** `username` is '+86…' (any form is accepted). */
export const SmsCodeBody = Type.Object({ username: Username, scene: Type.Union(SMS_SCENES.map((s) => Type.Literal(s))) })
/** Signed. */
export const WxJsInitBody = Type.Object({ url: Str(2048), ...SignedFields })
export const StudentQuery = Type.Object({ appId: Type.Optional(Str(64)) })
export const OutboxQuery = Type.Object({ phone: Username })
export const OauthUrlQuery = Type.Object({ redirectUri: Str(2048) })

// ---- answers ------------------------------------------------------------------------------------------

export const TokenPair = Type.Object({ token: Type.String(), refreshToken: Type.String() })
/** isReg = this login began a registration that needs more steps; isPassword = the account has a password. */
export const SmsLoginData = Type.Object({ isReg: Type.Boolean(), isPassword: Type.Boolean(), ...TokenPair.properties })
/** isPhone = the account has a bound phone. */
export const OauthLoginData = Type.Object({ isReg: Type.Boolean(), isPassword: Type.Boolean(), isPhone: Type.Boolean(), ...TokenPair.properties })

export const OrgRef = Type.Object({ id: Type.String(), name: Type.String(), code: Type.String() })

/** GET /auth/student: the user-info object. `id` is the live channel topic's {userId}. */
export const StudentProfile = Type.Object({
  /** The account's user id. */
  id: Type.String(),
  studentId: Type.String(),
  name: Type.String(),
  /** '+86…' */
  phone: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  grade: Type.String(),
  className: Type.String(),
  /**
   * false while a teacher of the organisation has not confirmed this grade and class (a new account, or a
   * changed class): until then the class's tasks do not reach the student (docs/security.md "Class membership").
   */
  classConfirmed: Type.Boolean(),
  /** The current org: the Org-ID header's org when sent, else the primary membership. */
  org: Nullable(OrgRef),
  orgList: Type.Array(OrgRef),
  roleList: Type.Array(Type.String()),
  /** `<orgCode>:<role>` for every membership. */
  orgRoleList: Type.Array(Type.String()),
  permList: Type.Array(Type.String()),
  isPassword: Type.Boolean(),
  /** The account's own invitation code. */
  inviteCode: Nullable(Type.String()),
  createdAt: Type.String(),
  /**
   * Why the account may make nothing public (docs/privacy.md), or null; as `limited` of GET /guardian/status.
   * A staff account (a teacher anywhere) is never limited.
   */
  limited: Limited,
  /** Whether the month and year of birth are known; the app asks for them (Consent) at launch until they are. */
  birthKnown: Type.Boolean(),
})

export const SmsCodeData = Type.Object({
  /** Seconds the code stays valid. */
  expiresIn: Type.Number(),
  /** Seconds until another code may be requested for this phone. */
  resendIn: Type.Number(),
})
/**
 * `note`: what the message said besides a code. `no-account`: no account uses the number, so the message
 * carries no code (`code` is empty); `has-account`: a registration code went to a number that has an
 * account, and signs it in (docs/security.md).
 */
export const SmsOutboxData = Type.Object({
  phone: Type.String(),
  code: Type.String(),
  scene: Type.Union([...SMS_SCENES, 'guardian' as const].map((s) => Type.Literal(s))),
  sentAt: Type.String(),
  note: Type.Optional(Type.Union([Type.Literal('no-account'), Type.Literal('has-account')])),
})
/** wx.config() arguments of the WeChat JS-SDK. */
export const WxJsInitData = Type.Object({ appId: Type.String(), timestamp: Type.Number(), nonceStr: Type.String(), signature: Type.String() })
/** GET /oauth/url: where the Login page sends the browser for OAuth. */
export const OauthUrlData = Type.Object({ url: Type.String(), state: Type.String() })

/** The HTTP 200 answers of the calls above. */
export const ANSWER = {
  tokens: Answer(TokenPair),
  smsLogin: Answer(SmsLoginData),
  oauthLogin: Answer(OauthLoginData),
  student: Answer(StudentProfile),
  smsCode: Answer(SmsCodeData),
  smsOutbox: Answer(SmsOutboxData),
  wxJsInit: Answer(WxJsInitData),
  oauthUrl: Answer(OauthUrlData),
  profile: Answer(Type.Object({ name: Type.String(), grade: Type.String(), className: Type.String() })),
  none: NoDataAnswer,
}
