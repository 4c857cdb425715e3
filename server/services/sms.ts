/**
 * SMS codes: 6 digits, stored as SHA-256 (keyed by phone, so equal codes differ), compared in constant
 * time, burnt after too many wrong tries, with send limits per phone and per IP. Delivery goes through an
 * SmsProvider; the `console` provider writes the code to the log and keeps the dev outbox.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Redis } from 'ioredis'
import { sql } from 'kysely'
import { CODE, type SmsOutboxData, type SmsScene } from '../../src/contract'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'
import { ApiError, tooMany } from '../errors'
import { randomDigits, safeEqualHex, sha256Hex } from './crypto'

/**
 * What a message says besides a code: the only place where an unknown and a known number are told apart
 * (docs/security.md "Answers that do not tell who has an account").
 */
/** The send limits of SMS codes (LIMIT_SMS_* in docs/server.md). */
export interface SmsLimits {
  /** Seconds a code stays valid. */
  ttlSeconds: number
  /** Wrong tries that burn a code. */
  maxAttempts: number
  /** Minimum seconds between two sends to one phone. */
  intervalSeconds: number
  perHour: number
  perDay: number
  /** Sends per IP and hour (a classroom behind one NAT shares an IP). */
  perIpHour: number
  /** Notice messages (not codes) per phone and day: their own limit, apart from the codes' (docs/privacy.md). */
  noticesPerDay: number
}

export type SmsNote = 'no-account' | 'has-account'

export interface SmsMessage {
  phone: string
  /** Empty when the note is `no-account`: there is nothing to sign in to. */
  code: string
  scene: SmsScene
  sentAt: number
  note?: SmsNote
}

/**
 * Why a guardian's consent ended, told to that guardian by a notice SMS (docs/privacy.md "Guardian
 * consent"): withdrawn on the guardian's page, replaced by another guardian's consent the current one
 * confirmed, or the child's account deleted.
 */
export type SmsNoticeKind = 'consent-withdrawn' | 'consent-replaced' | 'account-deleted'

/** A message that carries no code: it never replaces a code in the dev outbox. */
export interface SmsNotice {
  phone: string
  kind: SmsNoticeKind
  sentAt: number
}

export interface SmsProvider {
  readonly name: string
  send(message: SmsMessage): Promise<void>
  /** Sends a notice (a template of its own at the SMS vendor); a provider without it cannot tell guardians. */
  notify?(notice: SmsNotice): Promise<void>
}

/** The notice's words as the console provider writes them (a real provider sends its vendor's template). */
const NOTICE_WORDS: Record<SmsNoticeKind, string> = {
  'consent-withdrawn': "your consent for a child's Habor account was withdrawn",
  'consent-replaced': "another guardian's consent, which you confirmed, replaced yours for a child's Habor account",
  'account-deleted': "the child's Habor account you consented for was deleted",
}

/** How long the dev outbox keeps a phone's newest code when nodes share it through Redis. */
const OUTBOX_TTL_SECONDS = 24 * 3600

/**
 * Development provider: the log line is the one place a code is ever written out. Its outbox (the newest
 * code per phone) is this process's, or Redis's when nodes share one, so a code sent through one node can
 * be read through any.
 */
export class ConsoleSmsProvider implements SmsProvider {
  readonly name = 'console'
  private readonly outbox = new Map<string, SmsMessage>()
  private readonly notices = new Map<string, SmsNotice[]>()

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly redis: Redis | null = null,
  ) {}

  async send(m: SmsMessage): Promise<void> {
    if (this.redis) await this.redis.set(`sms:outbox:${m.phone}`, JSON.stringify(m), 'EX', OUTBOX_TTL_SECONDS)
    else this.outbox.set(m.phone, m)
    // A plain string, so log redaction of `code` fields does not hide it: showing it is this provider's job.
    if (m.note === 'no-account') this.log.info(`[sms:console] to ${m.phone} (${m.scene}): no Habor account uses this number; sign in with an SMS code to register`)
    else if (m.note === 'has-account') this.log.info(`[sms:console] to ${m.phone} (${m.scene}): this number already has a Habor account; your code signs you in: ${m.code}`)
    else this.log.info(`[sms:console] to ${m.phone} (${m.scene}): your Habor code is ${m.code}`)
  }

  /** Kept apart from the codes: a notice never replaces the newest code of its number. */
  async notify(n: SmsNotice): Promise<void> {
    if (this.redis) await this.redis.multi().rpush(`sms:notices:${n.phone}`, JSON.stringify(n)).expire(`sms:notices:${n.phone}`, OUTBOX_TTL_SECONDS).exec()
    else this.notices.set(n.phone, [...(this.notices.get(n.phone) ?? []), n])
    this.log.info(`[sms:console] to ${n.phone} (notice): ${NOTICE_WORDS[n.kind]}`)
  }

  /** The notices sent to `phone`, oldest first (tests and the dev outbox). */
  async noticesTo(phone: string): Promise<SmsNotice[]> {
    if (this.redis) return (await this.redis.lrange(`sms:notices:${phone}`, 0, -1)).map((m) => JSON.parse(m) as SmsNotice)
    return [...(this.notices.get(phone) ?? [])]
  }

  async newest(phone: string): Promise<SmsOutboxData | null> {
    const stored = this.redis ? await this.redis.get(`sms:outbox:${phone}`) : null
    const m = stored ? (JSON.parse(stored) as SmsMessage) : this.outbox.get(phone)
    return m ? { phone: m.phone, code: m.code, scene: m.scene, sentAt: new Date(m.sentAt).toISOString(), ...(m.note ? { note: m.note } : {}) } : null
  }
}

/** Advisory-lock classes (the first key of PostgreSQL's two-key locks) of the send limits. */
const SMS_PHONE_LOCK = 7301
const SMS_IP_LOCK = 7302
const SMS_NOTICE_LOCK = 7303

const hashCode = (phone: string, code: string): string => sha256Hex(`${phone}:${code}`)

export class SmsCodes {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: SmsLimits,
    private readonly provider: SmsProvider,
    private readonly kind: 'sqlite' | 'postgres',
  ) {}

  /**
   * Checks the limits and stores the new code (older ones of the same scene die) in one transaction,
   * serialised per number and per address, then sends it. SQLite runs one transaction at a time; on
   * PostgreSQL transaction-scoped advisory locks (the number's first, then the address's, so two sends never
   * wait on each other in a circle) order the sends of one number and of one address on every node, so
   * parallel requests cannot all read "nothing sent yet". See docs/security.md ("SMS codes").
   * With the note `no-account` the row is stored spent (it counts against the limits like any other, and
   * can never be used) and the message carries no code, so the caller's answer is the same as for a sent code.
   * `subject`: the account a guardian's code is for; only that account's consent can use it, and a code for
   * another account (a sibling with the same guardian) does not replace it. The limits count every code.
   */
  async send(phone: string, scene: SmsScene, ip: string, note?: SmsNote, subject: string | null = null): Promise<{ expiresIn: number; resendIn: number }> {
    const l = this.limits
    const code = randomDigits(6)
    const now = await this.db.transaction().execute(async (trx) => {
      if (this.kind === 'postgres') {
        await sql`select pg_advisory_xact_lock(cast(${SMS_PHONE_LOCK} as integer), hashtext(${phone}))`.execute(trx)
        await sql`select pg_advisory_xact_lock(cast(${SMS_IP_LOCK} as integer), hashtext(${ip}))`.execute(trx)
      }
      // Read under the locks: the time another send took them up to now counts.
      const now = this.clock()
      const recent = await trx
        .selectFrom('sms_codes')
        .select('created_at')
        .where('phone', '=', phone)
        .where('created_at', '>', now - 86_400_000)
        .orderBy('created_at', 'desc')
        .execute()
      const times = recent.map((r) => r.created_at)
      const waits: number[] = []
      if (times[0] !== undefined && now - times[0] < l.intervalSeconds * 1000) waits.push(times[0] + l.intervalSeconds * 1000 - now)
      const inHour = times.filter((t) => t > now - 3_600_000)
      if (inHour.length >= l.perHour) waits.push(inHour[l.perHour - 1]! + 3_600_000 - now)
      if (times.length >= l.perDay) waits.push(times[l.perDay - 1]! + 86_400_000 - now)
      const ipCount = await trx
        .selectFrom('sms_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', now - 3_600_000)
        .executeTakeFirstOrThrow()
      if (Number(ipCount.n) >= l.perIpHour) waits.push(60_000)
      if (waits.length) throw tooMany(Math.max(...waits) / 1000)
      await trx
        .updateTable('sms_codes')
        .set({ consumed_at: now })
        .where('phone', '=', phone)
        .where('scene', '=', scene)
        .where((eb) => (subject === null ? eb('subject', 'is', null) : eb('subject', '=', subject)))
        .where('consumed_at', 'is', null)
        .execute()
      await trx
        .insertInto('sms_codes')
        .values({ id: crypto.randomUUID(), phone, scene, code_hash: hashCode(phone, code), ip, created_at: now, expires_at: now + l.ttlSeconds * 1000, attempts: 0, consumed_at: note === 'no-account' ? now : null, subject })
        .execute()
      return now
    })
    await this.provider.send({ phone, code: note === 'no-account' ? '' : code, scene, sentAt: now, ...(note ? { note } : {}) })
    return { expiresIn: l.ttlSeconds, resendIn: l.intervalSeconds }
  }

  /**
   * Sends a notice (no code) to `phone` unless its own per-number limit (`noticesPerDay`) is reached;
   * answers whether it was sent. Counted in `sms_notices`, never in the codes' history, so a notice takes
   * no code's place and no code's limit. Call it after the change it tells of has committed; it never
   * throws for the provider (the change stands whether or not the message leaves).
   */
  async notify(phone: string, kind: SmsNoticeKind): Promise<boolean> {
    const sendNotice = this.provider.notify?.bind(this.provider)
    if (!sendNotice) return false
    const now = await this.db.transaction().execute(async (trx) => {
      if (this.kind === 'postgres') await sql`select pg_advisory_xact_lock(cast(${SMS_NOTICE_LOCK} as integer), hashtext(${phone}))`.execute(trx)
      const now = this.clock()
      const sent = await trx.selectFrom('sms_notices').select((eb) => eb.fn.countAll<number>().as('n')).where('phone', '=', phone).where('created_at', '>', now - 86_400_000).executeTakeFirstOrThrow()
      if (Number(sent.n) >= this.limits.noticesPerDay) return null
      await trx.insertInto('sms_notices').values({ id: crypto.randomUUID(), phone, kind, created_at: now }).execute()
      return now
    })
    if (now === null) return false
    try {
      await sendNotice({ phone, kind, sentAt: now })
      return true
    } catch {
      return false
    }
  }

  /**
   * Consumes a matching live code of one of `scenes`, or throws 200005. A wrong try counts against the
   * newest live code in one statement (so parallel wrong tries cannot overwrite each other's count); the
   * last allowed wrong try burns it, and the right code presented after that is refused as used up (the
   * answer's data says so, so the app can offer a new code). Runs in its own transaction so that a wrong
   * try is counted even though the caller's request then fails.
   */
  async consume(phone: string, scenes: readonly SmsScene[], code: string, subject: string | null = null): Promise<void> {
    const now = this.clock()
    const max = this.limits.maxAttempts
    const wanted = hashCode(phone, code)
    const outcome = await this.db.transaction().execute(async (trx): Promise<'ok' | 'wrong' | 'used-up'> => {
      const codes = await trx
        .selectFrom('sms_codes')
        .select(['id', 'code_hash', 'attempts', 'consumed_at'])
        .where('phone', '=', phone)
        .where('scene', 'in', [...scenes])
        .where((eb) => (subject === null ? eb('subject', 'is', null) : eb('subject', '=', subject)))
        .where('expires_at', '>', now)
        .where((eb) => eb.or([eb('consumed_at', 'is', null), eb('attempts', '>=', max)]))
        .orderBy('created_at', 'desc')
        .execute()
      const hit = codes.find((r) => safeEqualHex(r.code_hash, wanted))
      if (hit) {
        const res = await trx
          .updateTable('sms_codes')
          .set({ consumed_at: now })
          .where('id', '=', hit.id)
          .where('consumed_at', 'is', null)
          .where('attempts', '<', max)
          .executeTakeFirst()
        if (Number(res.numUpdatedRows) === 1) return 'ok'
        const after = await trx.selectFrom('sms_codes').select('attempts').where('id', '=', hit.id).executeTakeFirst()
        return after && after.attempts >= max ? 'used-up' : 'wrong'
      }
      const newest = codes.find((r) => r.consumed_at === null)
      if (newest) {
        await trx
          .updateTable('sms_codes')
          .set({ attempts: sql<number>`attempts + 1`, consumed_at: sql<number | null>`case when attempts + 1 >= cast(${max} as integer) then cast(${now} as bigint) else null end` })
          .where('id', '=', newest.id)
          .where('consumed_at', 'is', null)
          .execute()
      }
      return 'wrong'
    })
    if (outcome === 'used-up') throw new ApiError(CODE.SMS_CODE_INVALID, 'code used up: request a new one', 200, { reason: 'used-up' })
    if (outcome === 'wrong') throw new ApiError(CODE.SMS_CODE_INVALID)
  }
}
