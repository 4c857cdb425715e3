/**
 * 0006_reports: a student's year in review. One row per account and year (creating again refreshes it),
 * found by a random id; private until the owner shares it, with the slide kinds they hide from others.
 * Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const reports: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('reports')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .addColumn('hidden', 'text', (c) => c.notNull())
      .addColumn('shareable', 'integer', (c) => c.notNull())
      .addColumn('invite_code', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('reports_user_year', ['user_id', 'year'])
      .execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('reports').execute()
  },
}
