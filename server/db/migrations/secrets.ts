/**
 * 0009_secrets: secrets the server generates for itself (the token signing secret, the embedded OIDC
 * provider's signing key) when several nodes run together, so every node reads the one the first node
 * stored instead of generating its own (docs/cluster.md). Portable types only.
 */
import type { Kysely, Migration } from 'kysely'

type AnyDb = Kysely<unknown>

export const secrets: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute()
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('server_secrets').execute()
  },
}
