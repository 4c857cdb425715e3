/**
 * Web Push (docs/notifications.md). The push client id of a web app is its Web Push subscription: one per
 * session (a device's sign-in), stored by the server until that session ends. Our calls:
 *
 *   GET    /push/key            (public)  → PushKey: the server's VAPID public key
 *   PUT    /push/subscription   (login)   PushSubscribe → PushSubscribed; replaces this session's one
 *   DELETE /push/subscription   (login)   → null; removing none is not an error
 *   GET    /push/settings       (login)   → PushSettings
 *   PUT    /push/settings       (login)   Partial<PushSettings> → PushSettings
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/push'
import { PUSH_KINDS, type PushKind } from './values/push'
export { PUSH_KINDS, type PushKind }

export const PUSH_KEY_PATH = '/push/key'
export const PUSH_SUBSCRIPTION_PATH = '/push/subscription'
export const PUSH_SETTINGS_PATH = '/push/settings'


export type PushSettings = Static<typeof S.PushSettings>
export type PushKey = Static<typeof S.PushKey>
/** PushSubscription.toJSON() as the browser gives it, with the language notifications are written in. */
export type PushSubscribe = Static<typeof S.PushSubscribe>
export type PushSubscribed = Static<typeof S.PushSubscribed>

/**
 * The payload the service worker receives (encrypted, RFC 8291). `url` is an in-app path the click opens;
 * `tag` collapses repeats of the same thing into one notification; `session` is the sign-in the
 * subscription belongs to: the service worker shows nothing for another (a shared phone after a logout).
 */
export interface PushMessage {
  kind: PushKind
  title: string
  body: string
  url: string
  tag: string
  session: string
  /** The recipient's unread inbox entries when it was sent: the icon's badge. */
  unread?: number
}

/** What an event says, before it is addressed to a subscription's session. */
export type PushText = Omit<PushMessage, 'session' | 'unread'>

export const isPushMessage = (v: unknown): v is PushMessage => {
  if (typeof v !== 'object' || v === null) return false
  const m = v as Record<string, unknown>
  return (
    (PUSH_KINDS as readonly unknown[]).includes(m.kind) &&
    typeof m.title === 'string' &&
    typeof m.body === 'string' &&
    typeof m.url === 'string' &&
    m.url.startsWith('/') &&
    !m.url.startsWith('//') &&
    typeof m.tag === 'string' &&
    typeof m.session === 'string' &&
    (m.unread === undefined || (typeof m.unread === 'number' && m.unread >= 0))
  )
}
