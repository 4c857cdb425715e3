// Runs the server integration suite against PostgreSQL: creates a fresh database, runs
// `vitest run --project server --project server-isolated --project server-redis` with DATABASE_URL pointing at it, and drops it with the databases the test
// workers made beside it (tests/server/support/helpers.ts: one per worker, named after it). When no PostgreSQL server is
// reachable it exits 0 with a message on a developer's machine, and fails under CI=true, where the
// PostgreSQL run is part of what must pass. The databases go also when `npm test` stops the run. Admin URL: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from 'node:crypto'
import { ADMIN_URL as admin, adminQuery as query, databaseUrl } from './pg-admin.mjs'
import { runThenCleanUp } from './process-tree.mjs'

const name = `habor_test_${randomBytes(6).toString('hex')}`

try {
  await query('select 1')
} catch (e) {
  const where = `PostgreSQL not reachable at ${new URL(admin).host} (${e.message})`
  if (process.env.CI && process.env.CI !== 'false') {
    console.error(`${where}: the PostgreSQL run of the server suite is required under CI. Start PostgreSQL or set TEST_PG_URL.`)
    process.exit(1)
  }
  console.log(`${where}: skipping the PostgreSQL run of the server suite.`)
  process.exit(0)
}

await query(`create database ${name}`)
console.log(`Running the server suite on PostgreSQL database ${name}…`)
const status = await runThenCleanUp(
  'npx',
  ['vitest', 'run', '--project', 'server', '--project', 'server-isolated', '--project', 'server-redis', ...process.argv.slice(2)],
  // The files that never open the database (tests/server/database-free.json) ran in the SQLite run already.
  { env: { ...process.env, DATABASE_URL: databaseUrl(name), TEST_SERVER_DATABASE_ONLY: '1' } },
  async () => {
    const { rows } = await query(`select datname from pg_database where datname = '${name}' or datname like '${name}\\_w%'`)
    // At once: each drop waits for a checkpoint, which concurrent drops share.
    await Promise.all(rows.map(({ datname }) => query(`drop database if exists ${datname} with (force)`)))
  },
)
process.exit(status)
