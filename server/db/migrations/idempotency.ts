/**
 * 0008_idempotency: the Idempotency-Key of each write the server has applied, per account, with the answer
 * it gave, so a repeat (the app's outbox sending again after a lost answer) gets that answer instead of a
 * second write (docs/offline.md). Written in the same transaction as the write. Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const idempotency: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('answer', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
      .execute()
    await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('idempotency_keys').execute()
  },
}
