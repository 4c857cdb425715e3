/**
 * Sessions and tokens. A session is one login on one terminal and one refresh-token family. The access
 * token is a short-lived HS256 JWT naming its session; refresh tokens are opaque, stored as SHA-256,
 * rotated on every use. The token just replaced stays usable for a short grace (tabs of one browser may
 * race); it then yields another fresh pair of the same family. Later reuse of a spent token revokes the
 * whole family. One live session per (user, app, device type): a new login replaces the old one, and when
 * it comes from another device the kick listeners hear about it (the live channel publishes `logout`).
 */
import type { webcrypto } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { ACCOUNT_DISABLED_REASON, CODE, SIGNED_IN_ELSEWHERE } from '../../src/contract'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'
import { prepared } from '../db/prepared'
import { tokenError } from '../errors'
import { randomToken, sha256Hex } from './crypto'
import type { AccountChange, SessionCache } from './sessionCache'
import { sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema'

export type Trx = Transaction<Database> | Db

export interface SessionSlot {
  userId: string
  appId: string
  deviceType: string
  deviceCode: string
}

export interface Kick {
  appId: string
  deviceType: string
  userId: string
  /** The session that was replaced. */
  sessionId: string
}

export interface AccessClaims {
  sub: string
  sid: string
  app: string
  deviceType: string
  deviceCode: string
}

export interface IssuedPair {
  token: string
  refreshToken: string
  sessionId: string
}

/**
 * The one rule for accepting an access token's session: it is the token's, it has not been revoked
 * (logout, kick, password change, deletion) and its account is active. Checked on every call.
 */
export const isLive = (row: { user_id: string; revoked_at: number | null; status: string }, claims: Pick<AccessClaims, 'sub'>): boolean =>
  row.user_id === claims.sub && row.revoked_at === null && row.status === 'active'

/** Most verified access tokens remembered (oldest forgotten first): about 8 MB when full. */
const VERIFIED_TOKENS = 10_000

const sessionLiveness = prepared((db, sessionId: string) =>
  db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select(['sessions.user_id', 'sessions.revoked_at', 'users.status']).where('sessions.id', '=', sessionId),
)

export interface SessionOptions {
  db: Db
  kind: 'sqlite' | 'postgres'
  clock: Clock
  secret: Uint8Array
  accessTtlSeconds: number
  refreshTtlSeconds: number
  refreshGraceSeconds: number
  /** The node's copy of the sign-in check's rows, when nodes share Redis (services/sessionCache.ts). */
  cache?: SessionCache
}

/**
 * Ends a session; false when it had already ended (another request ended it first). Outside the class
 * too: the operator's command line (server/admin) ends sessions without a running server.
 */
export async function revokeSession(trx: Trx, sessionId: string, reason: string, now: number): Promise<boolean> {
  const ended = await trx.updateTable('sessions').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).executeTakeFirst()
  // The device's push subscription ends with its session (logout, a kick, a new password, deletion).
  await trx.deleteFrom('push_subscriptions').where('session_id', '=', sessionId).execute()
  // A kicked session, and one ended by disabling the account, keep their (now refused) refresh tokens until
  // they expire, so a refresh from the terminal can be told why the session ended (GET /refresh's
  // `signed-in-elsewhere`, `account-disabled`).
  if (reason !== 'kicked' && reason !== 'disabled') await trx.deleteFrom('refresh_tokens').where('session_id', '=', sessionId).where('used_at', 'is', null).execute()
  return Number(ended.numUpdatedRows) === 1
}

/** Revokes every live session of the account (but one); returns their ids for emitEnded. */
export async function revokeUserSessions(trx: Trx, userId: string, reason: string, now: number, exceptSessionId?: string): Promise<string[]> {
  let q = trx.selectFrom('sessions').select('id').where('user_id', '=', userId).where('revoked_at', 'is', null)
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId)
  const ended = (await q.execute()).map((s) => s.id)
  for (const id of ended) await revokeSession(trx, id, reason, now)
  return ended
}

export class Sessions {
  private readonly events = new EventEmitter()
  /** Imported once as a WebCrypto key: given raw bytes or a KeyObject, jose would import it on every call. */
  private readonly key: Promise<webcrypto.CryptoKey>
  /**
   * Access tokens whose signature has been verified, with their claims: an app sends the same token
   * for its whole lifetime (15 minutes by default), and an HMAC through WebCrypto costs more than the
   * whole session query.
   * Only what the token itself says is kept; the session is still read on every call.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>()

  constructor(private readonly o: SessionOptions) {
    this.key = crypto.subtle.importKey('raw', o.secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
  }

  /** Subscribe to kicks; returns the unsubscribe function. The next issue's broker publishes from here. */
  onKick(listener: (kick: Kick) => void): () => void {
    this.events.on('kick', listener)
    return () => this.events.off('kick', listener)
  }

  /** Call after the transaction that produced the kicks has committed. */
  emitKicks(kicks: readonly Kick[]): void {
    for (const k of kicks) this.events.emit('kick', k)
  }

  /** Subscribe to sessions that ended without a kick (logout, password change, deletion); returns the unsubscribe function. */
  onEnded(listener: (sessionId: string) => void): () => void {
    this.events.on('ended', listener)
    return () => this.events.off('ended', listener)
  }

  /** Call after the transaction that ended the sessions has committed: their live connections close. */
  emitEnded(sessionIds: readonly string[]): void {
    for (const id of sessionIds) this.events.emit('ended', id)
  }

  /**
   * Subscribe to changes of what the sign-in check reads (an account, a profile, a class, a consent, an
   * org); returns the unsubscribe function. Kicks and ended sessions are announced on their own events.
   */
  onChanged(listener: (change: AccountChange) => void): () => void {
    this.events.on('changed', listener)
    return () => this.events.off('changed', listener)
  }

  /**
   * Call after the transaction that wrote what the sign-in check reads has committed: this node forgets
   * its copy at once (so the writer reads its own write) and the others hear of it (plugins/auth.ts).
   */
  emitChanged(change: AccountChange): void {
    this.events.emit('changed', change)
  }

  /** Opens a session in the slot, revoking whatever held it. */
  async start(trx: Trx, slot: SessionSlot): Promise<{ pair: IssuedPair; kicks: Kick[]; replaced: string[] }> {
    const now = this.o.clock()
    // Parallel logins into one slot take turns (the index sessions_one_live refuses a second live row
    // anyway); SQLite runs one transaction at a time already.
    if (this.o.kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`session:${slot.userId}:${slot.appId}:${slot.deviceType}`}))`.execute(trx)
    const live = await trx
      .selectFrom('sessions')
      .select(['id', 'device_code'])
      .where('user_id', '=', slot.userId)
      .where('app_id', '=', slot.appId)
      .where('device_type', '=', slot.deviceType)
      .where('revoked_at', 'is', null)
      .execute()
    const kicks: Kick[] = []
    const replaced: string[] = []
    for (const s of live) {
      const other = s.device_code !== slot.deviceCode
      await this.revoke(trx, s.id, other ? 'kicked' : 'replaced')
      if (other) kicks.push({ appId: slot.appId, deviceType: slot.deviceType, userId: slot.userId, sessionId: s.id })
      else replaced.push(s.id)
    }
    const id = crypto.randomUUID()
    await trx
      .insertInto('sessions')
      .values({ id, user_id: slot.userId, app_id: slot.appId, device_type: slot.deviceType, device_code: slot.deviceCode, created_at: now, last_used_at: now, revoked_at: null, revoked_reason: null })
      .execute()
    const refreshToken = await this.newRefresh(trx, id, now)
    return { pair: { token: await this.sign({ sub: slot.userId, sid: id, app: slot.appId, deviceType: slot.deviceType, deviceCode: slot.deviceCode }), refreshToken, sessionId: id }, kicks, replaced }
  }

  /** Ends a session; false when it had already ended (another request ended it first). */
  revoke(trx: Trx, sessionId: string, reason: string): Promise<boolean> {
    return revokeSession(trx, sessionId, reason, this.o.clock())
  }

  /** Revokes every live session of the account (but one); returns their ids for emitEnded. */
  revokeAllForUser(trx: Trx, userId: string, reason: string, exceptSessionId?: string): Promise<string[]> {
    return revokeUserSessions(trx, userId, reason, this.o.clock(), exceptSessionId)
  }

  /**
   * Verifies an access token and that its session is still live. Throws 401 errors with 300002/300003.
   * (The auth plugin's account query makes the same session check joined with the profile.) `cached`:
   * a signed-in read may take the node's copy of the row (services/sessionCache.ts).
   */
  async verifyAccess(token: string, cached = false): Promise<AccessClaims> {
    const claims = await this.verifyAccessToken(token)
    const load = async () => (await sessionLiveness(this.o.db, claims.sid))[0]
    const row = cached && this.o.cache ? await this.o.cache.read('l', claims.sid, load, (r) => (r && r.revoked_at === null && r.status === 'active' ? { user: r.user_id, student: null } : undefined)) : await load()
    if (!row || !isLive(row, claims)) throw tokenError(CODE.JWT_INVALID)
    return claims
  }

  /**
   * The token alone: signature, type and expiry. Whoever calls this must still check the session with
   * `isLive` on a row read for this request, or a logged-out or kicked session would keep working.
   */
  async verifyAccessToken(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token)
    // A token's signature and claims never change, but its expiry is checked again on every use
    // (jose's rule: expired once exp <= now in whole seconds); an expired one goes through jose again.
    if (known && known.exp > Math.floor(this.o.clock() / 1000)) return known.claims
    if (known) this.verified.delete(token)
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], currentDate: new Date(this.o.clock()), typ: 'at+jwt' })
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') throw tokenError(CODE.JWT_INVALID)
      const claims: AccessClaims = Object.freeze({ sub: payload.sub, sid: payload.sid, app: String(payload.app), deviceType: String(payload.deviceType), deviceCode: String(payload.deviceCode) })
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value as string)
      this.verified.set(token, { claims, exp: payload.exp })
      return claims
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw tokenError(CODE.JWT_EXPIRED)
      throw tokenError(CODE.JWT_INVALID)
    }
  }

  /** GET /refresh: rotation with grace and reuse detection. */
  async rotate(refreshToken: string): Promise<IssuedPair> {
    const hash = sha256Hex(refreshToken)
    const now = this.o.clock()
    type Outcome = { error: typeof CODE.JWT_INVALID | typeof CODE.JWT_EXPIRED; reason?: string; ended?: string } | { error?: undefined; row: { session_id: string; user_id: string; app_id: string; device_type: string; device_code: string }; next: string }
    const outcome = await this.o.db.transaction().execute(async (trx): Promise<Outcome> => {
      const row = await trx
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['refresh_tokens.session_id', 'refresh_tokens.expires_at', 'refresh_tokens.used_at', 'sessions.revoked_at', 'sessions.revoked_reason', 'sessions.user_id', 'sessions.app_id', 'sessions.device_type', 'sessions.device_code', 'users.status'])
        .where('refresh_tokens.token_hash', '=', hash)
        .executeTakeFirst()
      // A disabled account says so (its sessions ended when it was disabled): the student is to ask the
      // school, not to sign in again. A session ended by a sign-in on another device says so too, in case
      // its terminal missed the kick.
      if (row?.status === 'disabled') return { error: CODE.JWT_INVALID, reason: ACCOUNT_DISABLED_REASON }
      if (row?.revoked_at != null && row.revoked_reason === 'kicked') return { error: CODE.JWT_INVALID, reason: SIGNED_IN_ELSEWHERE }
      if (!row || row.revoked_at !== null || row.status !== 'active') return { error: CODE.JWT_INVALID }
      if (row.expires_at <= now) return { error: CODE.JWT_EXPIRED }
      if (row.used_at === null) {
        const res = await trx.updateTable('refresh_tokens').set({ used_at: now }).where('token_hash', '=', hash).where('used_at', 'is', null).executeTakeFirst()
        if (Number(res.numUpdatedRows) !== 1) {
          // A parallel refresh of the same token won the update a moment ago: that is the grace's case too.
          const spent = await trx.selectFrom('refresh_tokens').select('used_at').where('token_hash', '=', hash).executeTakeFirst()
          if (spent?.used_at == null || now - spent.used_at > this.o.refreshGraceSeconds * 1000) return { error: CODE.JWT_INVALID }
        }
      } else if (now - row.used_at > this.o.refreshGraceSeconds * 1000) {
        // A spent token came back after the grace: someone else holds the family. End it.
        await this.revoke(trx, row.session_id, 'refresh-reuse')
        return { error: CODE.JWT_INVALID, ended: row.session_id }
      }
      await trx.updateTable('sessions').set({ last_used_at: now }).where('id', '=', row.session_id).execute()
      const next = await this.newRefresh(trx, row.session_id, now)
      return { row, next }
    })
    if (outcome.error !== undefined && outcome.ended) this.emitEnded([outcome.ended])
    if (outcome.error !== undefined) throw tokenError(outcome.error, outcome.reason ? { reason: outcome.reason } : undefined)
    const { row, next } = outcome
    const token = await this.sign({ sub: row.user_id, sid: row.session_id, app: row.app_id, deviceType: row.device_type, deviceCode: row.device_code })
    return { token, refreshToken: next, sessionId: row.session_id }
  }

  private async newRefresh(trx: Trx, sessionId: string, now: number): Promise<string> {
    const token = randomToken()
    await trx.insertInto('refresh_tokens').values({ token_hash: sha256Hex(token), session_id: sessionId, created_at: now, expires_at: now + this.o.refreshTtlSeconds * 1000, used_at: null }).execute()
    return token
  }

  private async sign(c: AccessClaims): Promise<string> {
    const iat = Math.floor(this.o.clock() / 1000)
    return new SignJWT({ sid: c.sid, app: c.app, deviceType: c.deviceType, deviceCode: c.deviceCode })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(c.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.o.accessTtlSeconds)
      .setJti(crypto.randomUUID())
      .sign(await this.key)
  }
}
