/**
 * 0005_cards: Mother's Day cards and their recordings. A recording is uploaded first (owner only) and
 * attached to at most one card; a card is public while `shareable` = 1 and `deleted_at` is null.
 * Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const cards: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('card_audio')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('mime', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema
      .createTable('cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('audio_id', 'text', (c) => c.unique().references('card_audio.id'))
      .addColumn('shareable', 'integer', (c) => c.notNull())
      .addColumn('deleted_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('cards_user_time').on('cards').columns(['user_id', 'created_at']).execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('cards').execute()
    await db.schema.dropTable('card_audio').execute()
  },
}
