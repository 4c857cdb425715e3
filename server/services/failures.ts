/**
 * The wrong-password window of an account, kept in the database so that every process shares it and
 * parallel requests cannot outrun it: a password check first reserves a place in the window (one short
 * transaction, serialised per account), and only a reserved check may run the slow hash comparison.
 * A right password clears the window; a wrong one leaves its reservation as the failure it was.
 * See docs/security.md ("Wrong passwords").
 */
import { sql } from 'kysely'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'

export type Reservation = { ok: true; id: string; left: number } | { ok: false; retryAfter: number }

/** The window key of an account: its phone number when it has one, so unknown numbers are counted alike. */
export const attemptKey = (user: { id: string; phone: string | null } | undefined, phone?: string): string =>
  user?.phone ? `phone:${user.phone}` : phone ? `phone:${phone}` : `user:${user?.id ?? ''}`

export class PasswordAttempts {
  constructor(
    private readonly db: Db,
    private readonly kind: 'sqlite' | 'postgres',
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /**
   * A place in the window for one password check, or how long to wait. `left`: how many more wrong
   * passwords the window takes after this one. SQLite runs one transaction at a time; on PostgreSQL a
   * transaction-scoped advisory lock per key orders the checks of one account.
   */
  async reserve(key: string): Promise<Reservation> {
    const now = this.clock()
    const since = now - this.windowMs
    return this.db.transaction().execute(async (trx): Promise<Reservation> => {
      if (this.kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`password:${key}`}))`.execute(trx)
      await trx.deleteFrom('password_attempts').where('key', '=', key).where('at', '<=', since).execute()
      const rows = await trx.selectFrom('password_attempts').select('at').where('key', '=', key).orderBy('at').execute()
      if (rows.length >= this.max) return { ok: false, retryAfter: (rows[0]!.at + this.windowMs - now) / 1000 }
      const id = crypto.randomUUID()
      await trx.insertInto('password_attempts').values({ id, key, at: now }).execute()
      return { ok: true, id, left: this.max - rows.length - 1 }
    })
  }

  /** A right password (or a reset): the window starts again. */
  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('password_attempts').where('key', '=', key).execute()
  }
}
