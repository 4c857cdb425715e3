/** Web Push subscriptions and settings (src/contract/push.ts). */
import { Type, type TBoolean } from '@sinclair/typebox'
import { PUSH_KINDS, type PushKind } from '../values/push'
import { Answer, NoDataAnswer } from './common'

const B64URL = '^[A-Za-z0-9_-]+={0,2}$'

/** PushSubscription.toJSON() as the browser gives it, with the language notifications are written in. */
export const PushSubscribe = Type.Object(
  {
    endpoint: Type.String({ minLength: 12, maxLength: 2048 }),
    keys: Type.Object({
      // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
      p256dh: Type.String({ minLength: 86, maxLength: 90, pattern: B64URL }),
      auth: Type.String({ minLength: 21, maxLength: 24, pattern: B64URL }),
    }),
    lang: Type.Union([Type.Literal('zh-Hans'), Type.Literal('en')]),
  },
  { additionalProperties: false },
)

export const PushSubscribed = Type.Object({ id: Type.String() })

export const PushKey = Type.Object({
  /** The VAPID public key, base64url (an uncompressed P-256 point, 65 bytes). */
  publicKey: Type.String(),
})

/** Whether each kind of notification is on. */
export const PushSettings = Type.Object(Object.fromEntries(PUSH_KINDS.map((k) => [k, Type.Boolean()])) as Record<PushKind, TBoolean>)
/** PUT: the kinds to change, at least one. */
export const PushSettingsBody = Type.Partial(PushSettings, { additionalProperties: false, minProperties: 1 })

export const ANSWER = { key: Answer(PushKey), subscribed: Answer(PushSubscribed), settings: Answer(PushSettings), none: NoDataAnswer }
