/**
 * Web Push subscriptions and the kinds a student has turned off (src/contract/push.ts). A subscription
 * belongs to the session that stored it and goes when that session ends (Sessions.revoke). Its endpoint
 * must be one of the push services (config push.services), on the port its entry names (the default
 * otherwise), with a host name of [a-z0-9.-]: the server will send to it.
 */
import { PUSH_KINDS, type PushSettings } from '../../src/contract/push'
import { badInput, noData } from '../errors'
import { checkEndpoint, parseService, REFUSAL_TEXT } from '../services/pushEndpoint'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const decoded = (b64url: string): Buffer => Buffer.from(b64url, 'base64url')

const routes: ApiRoutes = async (app) => {
  const { db } = app
  const services = app.config.push.services.map(parseService)

  const settingsOf = async (userId: string): Promise<PushSettings> => {
    const muted = new Set((await db.selectFrom('push_muted').select('kind').where('user_id', '=', userId).execute()).map((r) => r.kind))
    return Object.fromEntries(PUSH_KINDS.map((k) => [k, !muted.has(k)])) as PushSettings
  }

  app.route({ ...entry(app, 'pushKey'), handler: async () => ({ publicKey: app.push.publicKey }) })

  app.route({
    ...entry(app, 'pushSubscribe'),
    handler: async (req) => {
      const { endpoint, keys, lang } = req.body
      // Checked on the parse the sender uses (server/services/pushEndpoint.ts).
      const checked = checkEndpoint(endpoint, services)
      if (!checked.ok) throw badInput('endpoint', REFUSAL_TEXT[checked.why])
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
    },
  })

  app.route({
    ...entry(app, 'pushUnsubscribe'),
    handler: async (req) => {
      await db.deleteFrom('push_subscriptions').where('session_id', '=', req.auth!.sid).execute()
      return noData()
    },
  })

  app.route({ ...entry(app, 'pushSettings'), handler: async (req) => settingsOf(req.auth!.sub) })

  app.route({
    ...entry(app, 'pushSettingsSave'),
    handler: async (req) => {
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
    },
  })
}

export default routes
