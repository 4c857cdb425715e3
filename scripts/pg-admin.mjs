// One statement on PostgreSQL's admin database, for the scripts that create and drop throw-away databases.
// TEST_PG_URL overrides the admin URL.
import pg from 'pg'

export const ADMIN_URL = process.env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres'

export async function adminQuery(sql, url = ADMIN_URL) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    return await client.query(sql)
  } finally {
    await client.end()
  }
}

/** The admin URL with another database name. */
export function databaseUrl(name, url = ADMIN_URL) {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.href
}
