/**
 * The live channel's server side. Embedded (default): aedes behind GET /mqtt (WebSocket) on this
 * server. External (MQTT_URL set): no /mqtt here; kicks are published to that broker, which asks
 * /api/broker/auth and /api/broker/acl. Either way, every kick of the sessions service becomes a
 * 'logout' on the replaced session's topic.
 */
import websocket from '@fastify/websocket'
import fp from 'fastify-plugin'
import type { Redis } from 'ioredis'
import { decodeJwt } from 'jose'
import type { MQEmitter } from 'mqemitter'
import mqemitterRedis from 'mqemitter-redis'
import { EmbeddedBroker } from '../broker/embedded'
import { ExternalBroker } from '../broker/external'
import { gatedStream } from '../broker/packet-gate'
import { clientKey } from './rateLimit'
import { brokerAuthRoutes, MemoryTopicMap, RedisTopicMap } from '../broker/http-auth'
import { RedisLiveRegistry } from '../broker/registry'
import type { KickPublisher, LiveClaims } from '../broker/types'
import type { Db } from '../db/connect'
import { pubSubConnection, REDIS_PREFIX } from './redis'

// The package's typings leave out its prefixed emitter, which keeps our channels apart from other programs'.
const { MQEmitterRedisPrefix } = mqemitterRedis as unknown as { MQEmitterRedisPrefix: new (prefix: string, options: { subConn: Redis; pubConn: Redis }) => MQEmitter & { state: NodeJS.EventEmitter } }

declare module 'fastify' {
  interface FastifyInstance {
    /** The live channel: `embedded` is set in embedded mode (connection counts, tests). */
    broker: { publisher: KickPublisher; embedded: EmbeddedBroker | null }
  }
}

/**
 * MQTT packets of the live channel are tiny; a larger frame is refused by ws before aedes parses it, and a
 * packet spanning frames is bounded by the packet gate (server/broker/packet-gate.ts).
 */
const MAX_FRAME_BYTES = 64 * 1024

/**
 * The sessions among `ids` the sweep leaves open, a few hundred per query: live ones (not revoked, account
 * active), and kicked ones of an active account, whose connection the kick closes once the 'logout' is
 * acknowledged (closing it first would lose the reason the old terminal shows).
 */
export async function liveSessions(db: Db, ids: string[]): Promise<Set<string>> {
  const live = new Set<string>()
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('sessions.id')
      .where('sessions.id', 'in', ids.slice(i, i + 500))
      .where((eb) => eb.or([eb('sessions.revoked_at', 'is', null), eb('sessions.revoked_reason', '=', 'kicked')]))
      .where('users.status', '=', 'active')
      .execute()
    for (const r of rows) live.add(r.id)
  }
  return live
}

export default fp(
  async (app) => {
    const o = app.config
    const verify = async (token: string): Promise<LiveClaims> => {
      const claims = await app.sessions.verifyAccess(token)
      const { exp } = decodeJwt(token)
      if (typeof exp !== 'number') throw new Error('token has no expiry')
      return { ...claims, exp }
    }

    let embedded: EmbeddedBroker | null = null
    let publisher: KickPublisher
    if (o.mqtt.url) {
      publisher = ExternalBroker.open({ url: o.mqtt.url, username: o.mqtt.username, password: o.mqtt.password }, app.log)
    } else {
      let shared = {}
      if (app.redis && o.redisUrl) {
        // Pub/sub channels are not scoped by Redis database number: the prefix names the database too.
        const db = new URL(o.redisUrl).pathname.slice(1) || '0'
        const mq = new MQEmitterRedisPrefix(`${REDIS_PREFIX}${db}/`, { subConn: pubSubConnection(o.redisUrl), pubConn: pubSubConnection(o.redisUrl) })
        mq.state.on('error', (err: Error) => app.log.warn({ err: err.message }, 'live channel: redis connection problem'))
        shared = { mq, registry: new RedisLiveRegistry(app.redis) }
      }
      embedded = await EmbeddedBroker.create({ verify, clock: o.clock, ...shared })
      publisher = embedded
      const broker = embedded
      await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } })
      app.route({
        method: 'GET',
        url: '/mqtt',
        // A plain GET is not an MQTT client: the same 404 as any unknown path.
        handler: (_req, reply) => reply.callNotFound(),
        wsHandler: (socket, req) => {
          const address = clientKey(app, req)
          const stream = gatedStream(socket, {
            clock: o.clock,
            // A socket closed for what it cost: who (the account's id once signed in, the address's key) and why.
            onRefuse: (reason, live) => app.log.warn({ address, account: live.account, reason }, 'live channel: socket closed'),
          })
          broker.handle(stream, req.raw, address)
        },
      })
    }
    app.decorate('broker', { publisher, embedded })
    if (embedded) {
      // The sweep (config liveSweepMs): the longest a connection of a session ended outside any server
      // process stays open; its calls are refused from the moment the session ended.
      const broker = embedded
      const sweep = setInterval(() => {
        broker.sweep((ids) => liveSessions(app.db, ids)).catch((err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'live channel: sweep failed'))
      }, o.liveSweepMs)
      sweep.unref()
      app.addHook('onClose', async () => clearInterval(sweep))
    }
    const topics = app.redis ? new RedisTopicMap(app.redis) : new MemoryTopicMap()
    await app.register(brokerAuthRoutes(verify, o.clock, { secret: o.mqtt.authSecret, from: o.mqtt.authFrom }, topics), { prefix: '/api/broker' })

    const off = app.sessions.onKick((kick) => {
      publisher.publishKick(kick).catch((err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err), sessionId: kick.sessionId }, 'kick not published'))
    })
    const offEnded = app.sessions.onEnded((sessionId) => publisher.endSession(sessionId))
    app.addHook('onClose', async () => {
      off()
      offEnded()
      await publisher.close()
    })
  },
  { name: 'broker', dependencies: ['auth', 'redis'] },
)
