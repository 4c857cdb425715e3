/**
 * Sessions and the request's identity. `app.requireAuth()` is the preHandler of authenticated routes:
 * missing token → 401 300001, invalid or revoked → 401 300002, expired → 401 300003; then the Org-ID and
 * Student-ID headers are checked against the account's memberships. When the headers or the route need
 * the account too, the session, account and memberships come in one query (`sessionAccount`).
 * On one process the session is read on every call, so a logout or a kick takes effect at once. Nodes
 * sharing Redis keep a copy of those rows for signed-in reads (services/sessionCache.ts), cleared by the
 * changes every node hears on one Redis channel: a kick or a logout is refused on every node within
 * 1 s (docs/cluster.md "The sign-in check's cache"); writes always read the session afresh.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { Counter } from 'prom-client'
import { createHmac } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CODE, HEADER } from '../../src/contract'
import { ApiError, tokenError } from '../errors'
import { randomToken } from '../services/crypto'
import { sharedSecret } from '../services/secrets'
import { isLive, Sessions, type AccessClaims, type IssuedPair } from '../services/sessions'
import { parseChange, SessionCache, type AccountChange } from '../services/sessionCache'
import { sessionAccount, type SessionAccount } from '../services/users'
import { accountChannel, publishChange } from './redis'

export interface RequireAuthOptions {
  /** Check the Org-ID and Student-ID headers (default true; registration steps have no profile yet). */
  checkHeaders?: boolean
  /** Put the session's account, profile and memberships on `req.account`, read with the session check. */
  account?: boolean
}

export interface AuthContext extends AccessClaims {
  /** The org of the Org-ID header when sent and valid. */
  orgId: string | null
  studentId: string | null
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions
    /** This node's copy of the sign-in check's rows; null on one process or with SESSION_CACHE_MS=0. */
    sessionCache: SessionCache | null
    /** Keys derived from the server secret (HMAC by purpose), so every process derives the same ones. */
    deriveKey: (purpose: string) => string
    requireAuth: (opts?: RequireAuthOptions) => (req: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    auth: AuthContext | null
    /** Set by `requireAuth({ account: true })`, and whenever Org-ID or Student-ID were checked. */
    account: SessionAccount | null
  }
}

/**
 * JWT_SECRET, else a secret generated once (never logged) and kept beside the database, or, when nodes
 * share one (REDIS_URL), in the database so that every node signs and checks with the same one.
 */
async function loadSecret(app: FastifyInstance): Promise<Uint8Array> {
  const { jwtSecret: given, dataDir } = app.config
  if (given) return new TextEncoder().encode(given)
  if (app.redis) return new TextEncoder().encode(await sharedSecret(app.db, 'jwt', () => randomToken(48)))
  const file = join(dataDir, 'jwt-secret')
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(file, randomToken(48), { mode: 0o600, flag: 'wx' })
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim())
}

export const bearerOf = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization
  if (!h) return null
  const m = /^Bearer\s+(\S+)$/i.exec(h)
  return m?.[1] ?? null
}

const headerValue = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name.toLowerCase()]
  const s = Array.isArray(v) ? v[0] : v
  return s && s.trim() ? s.trim() : null
}

/** New tokens also travel in the `token` / `refresh-token` response headers (docs/contract.md "The calls"). */
export function sendTokens(reply: FastifyReply, pair: IssuedPair): { token: string; refreshToken: string } {
  reply.header(HEADER.token, pair.token)
  reply.header(HEADER.refreshToken, pair.refreshToken)
  return { token: pair.token, refreshToken: pair.refreshToken }
}

/** Most sign-in checks a node keeps (each a few KB at most). */
const SESSION_CACHE_ENTRIES = 20_000

/**
 * The node's cache and its subscriber: it serves only while subscribed, so a change lost to a dropped
 * connection cannot leave a copy in use; every reconnection starts from an empty cache.
 */
async function nodeCache(app: FastifyInstance, redisUrl: string): Promise<SessionCache> {
  const cache = new SessionCache({ max: SESSION_CACHE_ENTRIES, ttlMs: app.config.sessionCacheMs, clock: app.config.clock })
  const channel = accountChannel(redisUrl)
  // Named, so that an operator (and a test) can tell this node's subscriber in CLIENT LIST.
  const sub = new Redis(redisUrl, { lazyConnect: true, autoResubscribe: false, connectTimeout: 5000, connectionName: cache.subscriberName })
  sub.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis: account-change subscriber problem'))
  const down = () => cache.setConnected(false)
  sub.on('close', down)
  sub.on('reconnecting', down)
  sub.on('end', down)
  sub.on('ready', () => {
    sub.subscribe(channel).then(
      () => cache.setConnected(true),
      (err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'redis: account changes not subscribed'),
    )
  })
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return
    const change = parseChange(text) ?? { all: true }
    // This node's own announcement: its copy went before it was sent.
    if (change.by !== cache.node) cache.drop(change)
  })
  await sub.connect()
  // A subscriber has nothing to flush: it is cut, never left waiting on a QUIT a lost Redis will not answer.
  app.addHook('onClose', () => {
    down()
    sub.disconnect()
  })
  if (app.hasDecorator('metrics')) {
    new Counter({
      name: 'habor_session_cache_reads_total',
      help: "Sign-in checks of signed-in reads served from this node's copy (hit) or read from the database (miss)",
      labelNames: ['result'],
      registers: [app.metrics.registry],
      collect() {
        this.reset()
        this.inc({ result: 'hit' }, cache.hits)
        this.inc({ result: 'miss' }, cache.misses)
      },
    })
  }
  return cache
}

export default fp(
  async (app) => {
    const o = app.config
    const secret = await loadSecret(app)
    app.decorate('deriveKey', (purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url'))
    const cache = app.redis && o.redisUrl && o.sessionCacheMs > 0 ? await nodeCache(app, o.redisUrl) : undefined
    const sessions = new Sessions({
      db: app.db,
      kind: app.dbInfo.kind,
      clock: o.clock,
      secret,
      accessTtlSeconds: o.accessTtlSeconds,
      refreshTtlSeconds: o.refreshTtlSeconds,
      refreshGraceSeconds: o.refreshGraceSeconds,
      cache,
    })
    app.decorate('sessions', sessions)
    app.decorate('sessionCache', cache ?? null)
    if (cache && app.redis && o.redisUrl) {
      const { redis, redisUrl } = { redis: app.redis, redisUrl: o.redisUrl }
      // The writer forgets its own copy before answering (a student reads their own write), then tells the others.
      const announce = (change: AccountChange) => {
        cache.drop(change)
        publishChange(redis, redisUrl, { ...change, by: cache.node }).catch((err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'redis: account change not published'))
      }
      sessions.onKick((k) => announce({ sessions: [k.sessionId] }))
      sessions.onEnded((id) => announce({ sessions: [id] }))
      sessions.onChanged(announce)
    }
    app.decorateRequest('auth', null)
    app.decorateRequest('account', null)
    app.decorate('requireAuth', ({ checkHeaders = true, account = false }: RequireAuthOptions = {}) => async (req: FastifyRequest) => {
      const token = bearerOf(req)
      if (!token) throw tokenError(CODE.JWT_UNAUTHORIZED)
      const read = req.method === 'GET' || req.method === 'HEAD'
      const orgHeader = checkHeaders ? headerValue(req, HEADER.orgId) : null
      const studentHeader = checkHeaders ? headerValue(req, HEADER.studentId) : null
      if (!account && !orgHeader && !studentHeader) {
        req.auth = { ...(await sessions.verifyAccess(token, read)), orgId: null, studentId: null }
        return
      }
      const claims = await sessions.verifyAccessToken(token)
      const load = () => sessionAccount(app.db, claims.sid)
      // Writes read afresh; reads may take the node's copy (kept only for a live session).
      const acc =
        cache && read
          ? await cache.read('a', claims.sid, load, (a) => (a && a.session.revoked_at === null && a.session.status === 'active' ? { user: a.user.id, student: a.student?.id ?? null } : undefined))
          : await load()
      if (!acc || !isLive(acc.session, claims)) throw tokenError(CODE.JWT_INVALID)
      const studentId = acc.student?.id ?? null
      if (studentHeader && studentHeader !== studentId) throw new ApiError(CODE.USER_NOT_FOUND, 'Student-ID does not belong to this account')
      if (orgHeader && !acc.memberships.some((m) => m.org.id === orgHeader)) throw new ApiError(CODE.ORG_NOT_IDENTIFIED, 'Org-ID is not one of this account\'s organisations')
      req.auth = { ...claims, orgId: orgHeader, studentId }
      req.account = acc
    })
  },
  { name: 'auth', dependencies: ['db', 'redis'] },
)
