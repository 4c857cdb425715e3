// `npm run cluster`: several nodes behind nginx on this machine, against PostgreSQL and Redis — the
// deployment of docs/cluster.md in miniature, for trying it out. Ctrl-C stops everything.
//   CLUSTER_NODES   nodes to start (default 3)
//   PORT            nginx's port (default 8080)
//   DATABASE_URL    default postgres://postgres@127.0.0.1:5432/habor_cluster (created when missing)
//   REDIS_URL       default redis://127.0.0.1:6379/0
// Every other variable of the README's table is passed to the nodes.
import pg from 'pg'
import { buildIfStale } from './build-if-stale.mjs'
import { startCluster } from './cluster-lib.mjs'

const env = process.env
const nodes = Number(env.CLUSTER_NODES || 3)
const listen = Number(env.PORT || 8080)
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/habor_cluster'
const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379/0'

async function ensureDatabase(url) {
  const name = new URL(url).pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.href, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name])
    if (!found.rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`)
  } finally {
    await client.end()
  }
}

buildIfStale()
try {
  await ensureDatabase(databaseUrl)
  // PORT is nginx's; each node gets a spare port of its own.
  const nodeEnv = Object.fromEntries(Object.entries(env).filter(([k, v]) => k !== 'PORT' && v !== undefined))
  const cluster = await startCluster({ nodes, databaseUrl, redisUrl, listen, env: nodeEnv })
  console.log(
    [
      '',
      `Habor cluster: ${nodes} nodes behind nginx at ${cluster.base}/`,
      ...cluster.nodes.map((n) => `  node ${n.index}: ${n.base} (pid ${n.proc?.pid})`),
      `  database: ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}   redis: ${new URL(redisUrl).host}${new URL(redisUrl).pathname || '/0'}`,
      '  demo accounts: as printed by npm start (13800138000 / Passw0rd!)',
      '  Ctrl-C stops the nodes and nginx.',
      '',
    ].join('\n'),
  )
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    cluster.stop().then(() => process.exit(0))
  }
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, stop)
  // Run through npm, a killed npm does not pass its signal on: stop with the parent, not after it.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) stop()
  }, 1000)
} catch (e) {
  console.error(`The cluster could not start: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
}
