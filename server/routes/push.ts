/**
 * Web Push subscriptions and the kinds a student has turned off (src/contract/push.ts). A subscription
 * belongs to the session that stored it and goes when that session ends (Sessions.revoke). Its endpoint
 * must be one of the push services (config push.services), on the port its entry names (the default
 * otherwise), with a host name of [a-z0-9.-]: the server will send to it.
 */
import { PUSH_KINDS, type PushSettings } from '../../src/contract/push'
import { badInput, noData } from '../errors'
import { dropSubscription, mutedKinds, saveSubscription, setMuted } from '../services/push'
import { checkEndpoint, parseService, REFUSAL_TEXT } from '../services/pushEndpoint'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const decoded = (b64url: string): Buffer => Buffer.from(b64url, 'base64url')

const routes: ApiRoutes = async (app) => {
  const { db } = app
  const services = app.config.push.services.map(parseService)

  const settingsOf = async (userId: string): Promise<PushSettings> => {
    const muted = await mutedKinds(db, userId)
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
      // One subscription a session, and an endpoint in one session only (services/push.ts).
      const id = await saveSubscription(db, { sessionId: sid, userId: sub, endpoint, p256dh: keys.p256dh, auth: keys.auth, lang, now: app.config.clock() })
      return { id }
    },
  })

  app.route({
    ...entry(app, 'pushUnsubscribe'),
    handler: async (req) => {
      await dropSubscription(db, req.auth!.sid)
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
      await db.transaction().execute((trx) => setMuted(trx, userId, entries))
      return settingsOf(userId)
    },
  })
}

export default routes
