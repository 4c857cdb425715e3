// Runs the server integration suite against PostgreSQL: creates a fresh database, runs
// `vitest run --project server` with DATABASE_URL pointing at it, drops it. A file per core, as on SQLite,
// and a database per worker (<name>_<VITEST_POOL_ID>, TEST_PG_WORKER_DATABASES; tests/server/helpers.ts): each
// test app migrates a schema of its own, and Kysely's migrator reads the tables of every schema in its
// database, which fails when another worker drops one at that moment. When no PostgreSQL server is
// reachable it exits 0 with a message on a developer's machine, and fails under CI=true, where the
// PostgreSQL run is part of what must pass. Admin URL: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { ADMIN_URL as admin, adminQuery as query, databaseUrl } from './pg-admin.mjs'

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

const workers = availableParallelism()
const databases = Array.from({ length: workers }, (_, i) => `${name}_${i + 1}`)
for (const db of databases) await query(`create database ${db}`)
console.log(`Running the server suite on PostgreSQL, ${workers} workers on databases ${name}_1…${workers}…`)
let status = 1
try {
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', `--maxWorkers=${workers}`, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl(databases[0]), TEST_PG_WORKER_DATABASES: name },
  })
  status = r.status ?? 1
} finally {
  for (const db of databases) await query(`drop database if exists ${db} with (force)`)
}
process.exit(status)
