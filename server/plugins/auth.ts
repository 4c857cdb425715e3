/**
 * Sessions and the request's identity. `app.requireAuth()` is the preHandler of authenticated routes:
 * missing token → 401 300001, invalid or revoked → 401 300002, expired → 401 300003; then the Org-ID and
 * Student-ID headers are checked against the account's memberships. The session is read on every call,
 * so a logout or a kick takes effect at once; when the headers or the route need the account too, the
 * session, account and memberships come in one query (`sessionAccount`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createHmac } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CODE, HEADER } from '../../src/contract'
import { ApiError, tokenError } from '../errors'
import { randomToken } from '../services/crypto'
import { sharedSecret } from '../services/secrets'
import { isLive, Sessions, type AccessClaims, type IssuedPair } from '../services/sessions'
import { sessionAccount, type SessionAccount } from '../services/users'

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

export default fp(
  async (app) => {
    const o = app.config
    const secret = await loadSecret(app)
    app.decorate('deriveKey', (purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url'))
    const sessions = new Sessions({
      db: app.db,
      kind: app.dbInfo.kind,
      clock: o.clock,
      secret,
      accessTtlSeconds: o.accessTtlSeconds,
      refreshTtlSeconds: o.refreshTtlSeconds,
      refreshGraceSeconds: o.refreshGraceSeconds,
    })
    app.decorate('sessions', sessions)
    app.decorateRequest('auth', null)
    app.decorateRequest('account', null)
    app.decorate('requireAuth', ({ checkHeaders = true, account = false }: RequireAuthOptions = {}) => async (req: FastifyRequest) => {
      const token = bearerOf(req)
      if (!token) throw tokenError(CODE.JWT_UNAUTHORIZED)
      const orgHeader = checkHeaders ? headerValue(req, HEADER.orgId) : null
      const studentHeader = checkHeaders ? headerValue(req, HEADER.studentId) : null
      if (!account && !orgHeader && !studentHeader) {
        req.auth = { ...(await sessions.verifyAccess(token)), orgId: null, studentId: null }
        return
      }
      const claims = await sessions.verifyAccessToken(token)
      const acc = await sessionAccount(app.db, claims.sid)
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
