/**
 * 0016_guardian_declarations (docs/privacy.md):
 * - students.birth_declared_by / birth_declared_at: who gave the month and year of birth (`student` at
 *   Improve or Consent, `guardian` on the guardian's page) and when, so a teacher confirming the class can
 *   see whose claim the age is; null for an account that has not answered.
 * - sms_notices: the notices sent to a guardian whose consent ended (withdrawn, replaced, account
 *   deleted), as the history their own per-number limit counts.
 * Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const guardianDeclarations: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('students').addColumn('birth_declared_by', 'text').execute()
    await db.schema.alterTable('students').addColumn('birth_declared_at', 'bigint').execute()
    await db.schema
      .createTable('sms_notices')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('phone', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sms_notices_phone').on('sms_notices').columns(['phone', 'created_at']).execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sms_notices').execute()
    await db.schema.alterTable('students').dropColumn('birth_declared_at').execute()
    await db.schema.alterTable('students').dropColumn('birth_declared_by').execute()
  },
}
