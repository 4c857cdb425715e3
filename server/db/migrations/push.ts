/**
 * 0011_push: Web Push (docs/notifications.md).
 * - push_subscriptions: a browser's subscription, one per session (a device's sign-in); it goes when the
 *   session ends (Sessions.revoke) or the push service says it is gone;
 * - push_muted: the kinds of notification a user has turned off (a row per kind off);
 * - push_queue: notifications waiting to be sent or retried, each for one subscription; a node claims a
 *   row until `claimed_until` so two nodes never send it twice;
 * - cards.first_opened_at: when someone other than the author first opened the card.
 * Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const push: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('push_subscriptions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull().unique().references('sessions.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('p256dh', 'text', (c) => c.notNull())
      .addColumn('auth', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute()
    await db.schema.createIndex('push_subscriptions_endpoint').on('push_subscriptions').column('endpoint').execute()
    await db.schema
      .createTable('push_muted')
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('push_muted_pk', ['user_id', 'kind'])
      .execute()
    await db.schema
      .createTable('push_queue')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('subscription_id', 'text', (c) => c.notNull().references('push_subscriptions.id').onDelete('cascade'))
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_at', 'bigint', (c) => c.notNull())
      .addColumn('claimed_until', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('push_queue_due').on('push_queue').columns(['next_at']).execute()
    await db.schema.alterTable('cards').addColumn('first_opened_at', 'bigint').execute()
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('cards').dropColumn('first_opened_at').execute()
    await db.schema.dropTable('push_queue').execute()
    await db.schema.dropTable('push_muted').execute()
    await db.schema.dropTable('push_subscriptions').execute()
  },
}
