/**
 * Web Push subscriptions and the kinds a student has turned off (src/contract/push.ts). A subscription
 * belongs to the session that stored it and goes when that session ends (Sessions.revoke). Its endpoint
 * must be one of the push services (config push.services): the server will send to it.
 */
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import { PUSH_KEY_PATH, PUSH_KINDS, PUSH_SETTINGS_PATH, PUSH_SUBSCRIPTION_PATH, type PushKey, type PushSettings, type PushSubscribed } from '../../src/contract/push'
import { badInput, noData } from '../errors'

const B64URL = '^[A-Za-z0-9_-]+={0,2}$'
const SubscribeBody = Type.Object(
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
const SettingsBody = Type.Partial(Type.Object(Object.fromEntries(PUSH_KINDS.map((k) => [k, Type.Boolean()])) as Record<(typeof PUSH_KINDS)[number], ReturnType<typeof Type.Boolean>>), {
  additionalProperties: false,
  minProperties: 1,
})

const decoded = (b64url: string): Buffer => Buffer.from(b64url, 'base64url')

const routes: FastifyPluginAsync = async (app) => {
  const { db } = app
  const services = app.config.push.services
  const session = app.requireAuth({ checkHeaders: false })

  /** The endpoint's host is a push service's (itself or a subdomain), over HTTPS, without credentials. */
  const allowedEndpoint = (endpoint: string): boolean => {
    let url: URL
    try {
      url = new URL(endpoint)
    } catch {
      return false
    }
    if (url.protocol !== 'https:' || url.username || url.password) return false
    const host = url.hostname.toLowerCase()
    return services.some((s) => host === s || host.endsWith(`.${s}`))
  }

  const settingsOf = async (userId: string): Promise<PushSettings> => {
    const muted = new Set((await db.selectFrom('push_muted').select('kind').where('user_id', '=', userId).execute()).map((r) => r.kind))
    return Object.fromEntries(PUSH_KINDS.map((k) => [k, !muted.has(k)])) as PushSettings
  }

  app.get(PUSH_KEY_PATH, async (): Promise<PushKey> => ({ publicKey: app.push.publicKey }))

  app.put<{ Body: typeof SubscribeBody.static }>(PUSH_SUBSCRIPTION_PATH, { schema: { body: SubscribeBody }, preHandler: session }, async (req): Promise<PushSubscribed> => {
    const { endpoint, keys, lang } = req.body
    if (!allowedEndpoint(endpoint)) throw badInput('endpoint', 'is not a push service this server sends to')
    const p256dh = decoded(keys.p256dh)
    if (p256dh.length !== 65 || p256dh[0] !== 4) throw badInput('keys.p256dh', 'is not an uncompressed P-256 public key')
    if (decoded(keys.auth).length !== 16) throw badInput('keys.auth', 'is not 16 bytes')
    const { sid, sub } = req.auth!
    const stored = await db.transaction().execute(async (trx) => {
      // An endpoint belongs to one session (a browser that signed in again has moved to the new one)…
      await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('session_id', '!=', sid).execute()
      // …and a session has one: a second PUT (a new key, two tabs at once) replaces it in place.
      const row = { endpoint, p256dh: keys.p256dh, auth: keys.auth, lang, created_at: app.config.clock() }
      await trx
        .insertInto('push_subscriptions')
        .values({ id: crypto.randomUUID(), session_id: sid, user_id: sub, ...row })
        .onConflict((oc) => oc.column('session_id').doUpdateSet(row))
        .execute()
      return trx.selectFrom('push_subscriptions').select('id').where('session_id', '=', sid).executeTakeFirstOrThrow()
    })
    return { id: stored.id }
  })

  app.delete(PUSH_SUBSCRIPTION_PATH, { preHandler: session }, async (req) => {
    await db.deleteFrom('push_subscriptions').where('session_id', '=', req.auth!.sid).execute()
    return noData()
  })

  app.get(PUSH_SETTINGS_PATH, { preHandler: session }, async (req): Promise<PushSettings> => settingsOf(req.auth!.sub))

  app.put<{ Body: Partial<PushSettings> }>(PUSH_SETTINGS_PATH, { schema: { body: SettingsBody }, preHandler: session }, async (req): Promise<PushSettings> => {
    const userId = req.auth!.sub
    const entries = Object.entries(req.body) as [keyof PushSettings, boolean][]
    // Unknown kinds were removed by the schema: what is left must name at least one known kind.
    if (!entries.length) throw badInput('body', `names none of ${PUSH_KINDS.join(', ')}`)
    await db.transaction().execute(async (trx) => {
      for (const [kind, on] of entries) {
        if (on) await trx.deleteFrom('push_muted').where('user_id', '=', userId).where('kind', '=', kind).execute()
        else await trx.insertInto('push_muted').values({ user_id: userId, kind }).onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing()).execute()
      }
    })
    return settingsOf(userId)
  })
}

export default routes
