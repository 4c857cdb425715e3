/**
 * Sessions and the request's identity. `app.requireAuth()` is the preHandler of authenticated routes:
 * missing token → 401 300001, invalid or revoked → 401 300002, expired → 401 300003; then the Org-ID and
 * Student-ID headers are checked against the account's memberships.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { createHmac } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CODE, HEADER } from '../../src/contract'
import { ApiError, tokenError } from '../errors'
import { randomToken } from '../services/crypto'
import { Sessions, type AccessClaims, type IssuedPair } from '../services/sessions'
import { membershipsOf } from '../services/users'

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
    requireAuth: (opts?: { checkHeaders?: boolean }) => (req: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

/** JWT_SECRET, else a secret generated once and kept beside the database (never logged). */
function loadSecret(dataDir: string, given: string | undefined): Uint8Array {
  if (given) return new TextEncoder().encode(given)
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

/** New tokens also travel in the `token` / `refresh-token` response headers (SPEC §7). */
export function sendTokens(reply: FastifyReply, pair: IssuedPair): { token: string; refreshToken: string } {
  reply.header(HEADER.token, pair.token)
  reply.header(HEADER.refreshToken, pair.refreshToken)
  return { token: pair.token, refreshToken: pair.refreshToken }
}

export default fp(
  async (app) => {
    const o = app.config
    const secret = loadSecret(o.dataDir, o.jwtSecret)
    app.decorate('deriveKey', (purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url'))
    const sessions = new Sessions({
      db: app.db,
      clock: o.clock,
      secret,
      accessTtlSeconds: o.accessTtlSeconds,
      refreshTtlSeconds: o.refreshTtlSeconds,
      refreshGraceSeconds: o.refreshGraceSeconds,
    })
    app.decorate('sessions', sessions)
    app.decorateRequest('auth', null)
    app.decorate('requireAuth', ({ checkHeaders = true }: { checkHeaders?: boolean } = {}) => async (req: FastifyRequest) => {
      const token = bearerOf(req)
      if (!token) throw tokenError(CODE.JWT_UNAUTHORIZED)
      const claims = await sessions.verifyAccess(token)
      const auth: AuthContext = { ...claims, orgId: null, studentId: null }
      const orgHeader = headerValue(req, HEADER.orgId)
      const studentHeader = headerValue(req, HEADER.studentId)
      if (checkHeaders && (orgHeader || studentHeader)) {
        const student = await app.db.selectFrom('students').select('id').where('user_id', '=', claims.sub).executeTakeFirst()
        if (studentHeader && studentHeader !== student?.id) throw new ApiError(CODE.USER_NOT_FOUND, 'Student-ID does not belong to this account')
        if (orgHeader) {
          const ms = student ? await membershipsOf(app.db, student.id) : []
          if (!ms.some((m) => m.org.id === orgHeader)) throw new ApiError(CODE.ORG_NOT_IDENTIFIED, 'Org-ID is not one of this account\'s organisations')
          auth.orgId = orgHeader
        }
        auth.studentId = student?.id ?? null
      }
      req.auth = auth
    })
  },
  { name: 'auth', dependencies: ['db'] },
)
