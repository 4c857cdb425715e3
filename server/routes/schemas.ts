/** Route schemas (TypeBox → JSON Schema), shaped after the bodies of src/contract/api.ts. */
import { Type, type Static } from '@sinclair/typebox'
import { DEVICE_TYPES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SMS_SCENES } from '../../src/contract'

const Str = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max })

/**
 * Text other people see (names, classes, card lines): no NUL or other control characters, and none of the
 * bidirectional overrides that would make a name read backwards or hide what follows it.
 */
const UNSEEN = '\\u0000-\\u001F\\u007F\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069'
export const Shown = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max, pattern: `^[^${UNSEEN}]*$` })
/** The same for text with lines (a card's message): tabs and line breaks are allowed. */
export const ShownLines = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max, pattern: `^[^${UNSEEN.replace('\\u0000-\\u001F', '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F')}]*$` })

export const Device = {
  deviceType: Type.Union(DEVICE_TYPES.map((d) => Type.Literal(d))),
  deviceCode: Str(128),
  appId: Str(64),
}

export const Username = Str(32)
export const SmsCode = Type.String({ pattern: '^[0-9]{6}$' })
export const Password = Str(PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH)
/** Signed calls carry these beside their own fields. */
export const SignedFields = { timestamp: Type.Optional(Type.Number()), nonce: Type.Optional(Str(64)) }

export const LoginBody = Type.Object({ username: Username, password: Str(128), ...Device })
export const LoginSmsBody = Type.Object({ username: Username, code: SmsCode, isAdmin: Type.Optional(Type.Boolean()), ...Device })
export const LoginOauthBody = Type.Object({
  payload: Type.Object({ code: Str(2048), state: Str(256), redirectUri: Str(2048) }),
  isAdmin: Type.Optional(Type.Boolean()),
  ...Device,
})
export const LoginWxMpBody = Type.Object({ payload: Str(256), sort: Type.Optional(Type.Literal(1)), ...Device, ...SignedFields })
export const BindingBody = Type.Object({ username: Username, payload: SmsCode, isAdmin: Type.Optional(Type.Boolean()), ...Device })
export const LogoutBody = Type.Object({ deviceType: Type.Optional(Device.deviceType), appId: Type.Optional(Str(64)) })
export const ForgetBody = Type.Object({
  username: Username,
  payload: Type.Object({ code: SmsCode, password: Password }),
  deviceType: Type.Optional(Device.deviceType),
  deviceCode: Type.Optional(Str(128)),
  appId: Type.Optional(Str(64)),
})
export const PasswordResetBody = Type.Object({ password: Password })
/** Account deletion: the password, or an SMS login code sent to the account's phone. */
export const CancelBody = Type.Object({ password: Type.Optional(Str(128)), code: Type.Optional(SmsCode) })
export const PasswordSetBody = Type.Object({ oldPassword: Type.Optional(Str(128)), password: Password })
export const ImproveBody = Type.Object({
  name: Shown(32),
  grade: Shown(32),
  className: Shown(32),
  orgCode: Str(32),
  inviteCode: Type.Optional(Str(32, 0)),
})
export const ProfileBody = Type.Object({ name: Shown(32), grade: Shown(32), className: Shown(32) }, { additionalProperties: false })
export const SmsCodeBody = Type.Object({ username: Username, scene: Type.Union(SMS_SCENES.map((s) => Type.Literal(s))) })
export const WxJsInitBody = Type.Object({ url: Str(2048), ...SignedFields })
export const StudentQuery = Type.Object({ appId: Type.Optional(Str(64)) })
export const OutboxQuery = Type.Object({ phone: Username })
export const OauthUrlQuery = Type.Object({ redirectUri: Str(2048) })

export type Body<T extends import('@sinclair/typebox').TSchema> = Static<T>

/** A row id in a path or body: a UUID or one of the demo ids (letters, digits, hyphens). */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' })
export const IdParams = Type.Object({ id: Id })
