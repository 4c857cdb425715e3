/**
 * 0014_guardian: a child's age and a guardian's consent (docs/privacy.md, docs/security.md "Children under 14").
 * - students.birth_year / birth_month: the month and year of birth (no day), null until asked; accounts
 *   from before this migration are asked once at their next start.
 * - guardian_consents: who consented (the guardian's phone), for which account, when, to which version of
 *   the children's rules, and when it was withdrawn. Rows are kept while the account lives, as the record.
 * - guardian_sessions: a guardian's short sign-in on the guardian's page (only the token's hash).
 * - sms_codes.subject: the account a guardian's code was sent for, so one account's code cannot consent
 *   for another.
 * Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const guardian: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('students').addColumn('birth_year', 'integer').execute()
    await db.schema.alterTable('students').addColumn('birth_month', 'integer').execute()
    await db.schema.alterTable('sms_codes').addColumn('subject', 'text').execute()
    await db.schema
      .createTable('guardian_consents')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('guardian_phone', 'text', (c) => c.notNull())
      .addColumn('rules_version', 'text', (c) => c.notNull())
      .addColumn('consented_at', 'bigint', (c) => c.notNull())
      .addColumn('withdrawn_at', 'bigint')
      .execute()
    await db.schema.createIndex('guardian_consents_user').on('guardian_consents').columns(['user_id', 'consented_at']).execute()
    await db.schema.createIndex('guardian_consents_phone').on('guardian_consents').column('guardian_phone').execute()
    await db.schema
      .createTable('guardian_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('guardian_sessions').execute()
    await db.schema.dropTable('guardian_consents').execute()
    await db.schema.alterTable('sms_codes').dropColumn('subject').execute()
    await db.schema.alterTable('students').dropColumn('birth_month').execute()
    await db.schema.alterTable('students').dropColumn('birth_year').execute()
  },
}
