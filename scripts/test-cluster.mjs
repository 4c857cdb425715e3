// Runs the cluster suite (tests/cluster): three compiled server nodes behind Debian's nginx, on a fresh
// PostgreSQL database and a Redis database number of their own, which are emptied afterwards. Without
// PostgreSQL, Redis or nginx it exits 0 with a message on a developer's machine, and fails under CI=true.
// Admin URLs: TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres), TEST_REDIS_URL (default
// redis://127.0.0.1:6379/14; the database number is the suite's and is flushed). Both are emptied also when
// `npm test` stops the run.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { Redis } from 'ioredis'
import { SERVER } from './cluster-lib.mjs'
import { runThenCleanUp } from './process-tree.mjs'
import { ADMIN_URL as admin, adminQuery as query, databaseUrl } from './pg-admin.mjs'

const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379/14'
const name = `habor_cluster_${randomBytes(6).toString('hex')}`
const ci = process.env.CI && process.env.CI !== 'false'

function missing(what) {
  if (ci) {
    console.error(`${what}: the cluster suite is required under CI.`)
    process.exit(1)
  }
  console.log(`${what}: skipping the cluster suite.`)
  process.exit(0)
}

async function flushRedis() {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 })
  redis.on('error', () => undefined)
  try {
    await redis.connect()
    await redis.flushdb()
  } finally {
    redis.disconnect()
  }
}

if (!existsSync(SERVER)) missing('server/dist/main.mjs is missing (npm run build)')
if (!['/usr/sbin/nginx', '/usr/bin/nginx'].some((p) => existsSync(p))) missing('nginx is not installed (apt-get install nginx)')
try {
  await query('select 1')
} catch (e) {
  missing(`PostgreSQL not reachable at ${new URL(admin).host} (${e.message})`)
}
try {
  await flushRedis()
} catch (e) {
  missing(`Redis not reachable at ${new URL(redisUrl).host} (${e.message})`)
}

await query(`create database ${name}`)
console.log(`Running the cluster suite on PostgreSQL database ${name} and ${redisUrl}…`)
const status = await runThenCleanUp('npx', ['vitest', 'run', '--project', 'cluster', ...process.argv.slice(2)], { env: { ...process.env, CLUSTER_DATABASE_URL: databaseUrl(name), CLUSTER_REDIS_URL: redisUrl } }, async () => {
  await query(`drop database if exists ${name} with (force)`)
  await flushRedis().catch(() => undefined)
})
process.exit(status)
