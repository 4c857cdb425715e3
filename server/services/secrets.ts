/**
 * Secrets the server makes for itself, generated once and kept in the database, so that every node of a
 * cluster reads the same one: the first node to start stores its candidate, the others read it back.
 * The values never reach the log. See docs/cluster.md ("Secrets").
 */
import type { Db } from '../db/connect'

/** The stored secret `name`, storing `make()`'s value first when there is none yet. */
export async function sharedSecret(db: Db, name: string, make: () => string, now: number = Date.now()): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
  return row.value
}
