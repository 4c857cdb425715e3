/** What GET /api/health asks of the database (routes/health.ts). */
import { sql } from 'kysely'
import type { Db } from '../db/connect'

/** One round trip to the database: resolves when it answers, throws when it cannot. */
export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db)
}
