/**
 * Authentication and authorisation for an external broker (MQTT_URL mode): the broker asks these two
 * endpoints instead of keeping its own user list, so the rules stay the embedded broker's.
 *
 *   POST /api/broker/auth {username, password, clientid}     → may this client connect?
 *   POST /api/broker/acl  {username, clientid, topic, acc|action} → may it subscribe / publish?
 *   POST /api/broker/superuser                                → never (go-auth asks before each ACL check)
 *
 * Both answer HTTP 200 with `{ result: 'allow' | 'deny', ok: boolean }`: EMQX's HTTP authenticator
 * reads `result` (and takes `expire_at` and the `acl` list from the auth answer, so it needs no ACL
 * call), Mosquitto's go-auth HTTP backend in `json` response mode reads `ok`. go-auth's ACL call carries
 * no password, so the topic a client id may read is remembered at its auth call: in this process, or in
 * Redis when several nodes answer the broker (REDIS_URL), so any node can answer the ACL call.
 */
import { Type, type Static } from '@sinclair/typebox'
import type { Redis } from 'ioredis'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Failure } from '../../src/contract/schemas/common'
import { isThisMachine, sameSecret } from '../sources'
import { BROKER_USERNAME, maySubscribe, topicOfClaims } from './acl'
import type { LiveClaims } from './types'

const AuthBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  password: Type.Optional(Type.String({ maxLength: 4096 })),
  clientid: Type.Optional(Type.String({ maxLength: 128 })),
})
const AclBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 64 })),
  clientid: Type.Optional(Type.String({ maxLength: 128 })),
  topic: Type.String({ maxLength: 1024 }),
  /** go-auth: 1 read, 2 write, 3 read+write, 4 subscribe. */
  acc: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })),
  /** EMQX: 'publish' | 'subscribe' (also 'all'). */
  action: Type.Optional(Type.String({ maxLength: 16 })),
})

/** Every answer: EMQX reads `result` (and, on auth, `is_superuser`, `expire_at`, `acl`), go-auth reads `ok`. */
const BrokerAnswer = Type.Object({
  result: Type.Union([Type.Literal('allow'), Type.Literal('deny')]),
  ok: Type.Boolean(),
  is_superuser: Type.Optional(Type.Boolean()),
  expire_at: Type.Optional(Type.Number()),
  acl: Type.Optional(Type.Array(Type.Object({ permission: Type.String(), action: Type.String(), topic: Type.String() }))),
})
/** A body the schema refuses is answered by the server's error handler, in the envelope (code 100002). */
const answers = { 200: Type.Union([BrokerAnswer, Failure]) }

const allow = { result: 'allow', ok: true } as const
const deny = { result: 'deny', ok: false } as const
/** Bounds the remembered client ids (the oldest go first); entries also end at the token's expiry. */
const MAX_REMEMBERED = 100_000

/** The topic each client id may read, until its token expires. */
export interface TopicMap {
  remember(clientId: string, topic: string, expMs: number, now: number): Promise<void>
  topicOf(clientId: string, now: number): Promise<string | null>
}

export class MemoryTopicMap implements TopicMap {
  private readonly topics = new Map<string, { topic: string; expMs: number }>()

  async remember(clientId: string, topic: string, expMs: number): Promise<void> {
    this.topics.delete(clientId)
    if (this.topics.size >= MAX_REMEMBERED) this.topics.delete(this.topics.keys().next().value ?? '')
    this.topics.set(clientId, { topic, expMs })
  }

  async topicOf(clientId: string, now: number): Promise<string | null> {
    const known = this.topics.get(clientId)
    return known && known.expMs > now ? known.topic : null
  }
}

/** Shared by the nodes: one key per client id, expiring with the token. */
export class RedisTopicMap implements TopicMap {
  constructor(private readonly redis: Redis) {}

  async remember(clientId: string, topic: string, expMs: number, now: number): Promise<void> {
    const ttl = Math.max(1, Math.ceil(expMs - now))
    await this.redis.set(`broker:topic:${clientId}`, topic, 'PX', ttl)
  }

  async topicOf(clientId: string): Promise<string | null> {
    return this.redis.get(`broker:topic:${clientId}`)
  }
}

/** Where the broker's calls may come from: its shared secret, its addresses, or (neither given) loopback. */
export interface BrokerSource {
  secret?: string
  from?: string[]
}

export function brokerAuthRoutes(verify: (token: string) => Promise<LiveClaims>, clock: () => number, source: BrokerSource = {}, topics: TopicMap = new MemoryTopicMap()) {
  const fromBroker = (req: FastifyRequest): boolean => {
    if (source.secret) return sameSecret(req.headers['x-broker-secret'] as string | undefined, source.secret)
    if (source.from?.length) return source.from.includes(req.ip.replace(/^::ffff:/, ''))
    return isThisMachine(req.raw)
  }
  return async (app: FastifyInstance): Promise<void> => {
    // Not rate limited (one busy broker asks for every client), so it answers nobody but the broker.
    app.addHook('onRequest', async (req, reply) => {
      if (!fromBroker(req)) return reply.code(403).send(deny)
    })
    app.post<{ Body: Static<typeof AuthBody> }>('/auth', { schema: { body: AuthBody, response: answers } }, async (req) => {
      const { username, password, clientid } = req.body
      if (username !== BROKER_USERNAME || !password) return deny
      let claims: LiveClaims
      try {
        claims = await verify(password)
      } catch {
        return deny
      }
      const topic = topicOfClaims(claims)
      if (clientid) await topics.remember(clientid, topic, claims.exp * 1000, clock())
      return {
        ...allow,
        is_superuser: false,
        expire_at: claims.exp,
        acl: [
          { permission: 'allow', action: 'subscribe', topic },
          { permission: 'deny', action: 'all', topic: '#' },
        ],
      }
    })

    app.post('/superuser', { schema: { response: answers } }, async () => deny)

    app.post<{ Body: Static<typeof AclBody> }>('/acl', { schema: { body: AclBody, response: answers } }, async (req) => {
      const { clientid, topic, acc, action } = req.body
      const reads = acc !== undefined ? (acc & 2) === 0 && acc !== 0 : action === 'subscribe'
      if (!reads || !clientid) return deny
      const known = await topics.topicOf(clientid, clock())
      return known && maySubscribe(known, topic) ? allow : deny
    })
  }
}
