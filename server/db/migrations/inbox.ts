/**
 * 0012_inbox: the in-app notification inbox (docs/notifications.md). One row per recipient of each
 * notifying event, written in the event's transaction whether or not the recipient has a push
 * subscription; `read_at` is null until the student opens it (or marks all read). Listed newest first by
 * (created_at, id), which is also the paging cursor, so rows added meanwhile never shift a page.
 * Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const inbox: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('inbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('texts', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('read_at', 'bigint')
      .execute()
    await db.schema.createIndex('inbox_user_created').on('inbox').columns(['user_id', 'created_at', 'id']).execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('inbox').execute()
  },
}
