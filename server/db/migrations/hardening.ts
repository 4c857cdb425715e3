/**
 * 0007_hardening: rules that must hold however requests are timed and on however many server processes.
 * - password_attempts: each password check reserves a row before the (slow) hash comparison, so a burst of
 *   parallel logins can never check more wrong passwords than the window allows (docs/security.md). Keyed
 *   by phone number, so an unknown number is counted and answered exactly like a known one.
 * - sessions_one_live: at most one live session per account, app and device type, enforced by the database.
 *   Rows that broke the rule before this migration are revoked first (the newest stays).
 * Portable types only.
 */
import { sql, type Kysely, type Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const hardening: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('password_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('password_attempts_user').on('password_attempts').columns(['key', 'at']).execute()

    await sql`update sessions set revoked_at = created_at, revoked_reason = 'replaced'
      where revoked_at is null and exists (
        select 1 from sessions newer
        where newer.user_id = sessions.user_id and newer.app_id = sessions.app_id and newer.device_type = sessions.device_type
          and newer.revoked_at is null
          and (newer.created_at > sessions.created_at or (newer.created_at = sessions.created_at and newer.id > sessions.id)))`.execute(db)
    await db.schema
      .createIndex('sessions_one_live')
      .on('sessions')
      .columns(['user_id', 'app_id', 'device_type'])
      .unique()
      .where(sql.ref('revoked_at'), 'is', null)
      .execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('sessions_one_live').execute()
    await db.schema.dropTable('password_attempts').execute()
  },
}
