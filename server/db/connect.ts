/** Opens the database: SQLite (better-sqlite3, WAL) by default, PostgreSQL for a postgres:// URL. */
import SQLite from 'better-sqlite3'
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { migrationProvider } from './migrations'
import type { Database } from './schema'

export type Db = Kysely<Database>

export interface DbHandle {
  db: Db
  kind: 'sqlite' | 'postgres'
  /** Where it lives, without credentials (for the start-up banner). */
  where: string
  /** PostgreSQL's connection pool (its figures go to /metrics). */
  pool?: pg.Pool
}

export function openDb(opts: { dataDir: string; databaseUrl?: string; wrapDialect?: (dialect: Dialect) => Dialect }): DbHandle {
  const dialectOf = opts.wrapDialect ?? ((d: Dialect) => d)
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const INT8 = 20
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // bigint columns hold epoch milliseconds and counts: well inside Number's safe range.
      types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? Number : pg.types.getTypeParser(oid, format ?? 'text'))) as typeof pg.types.getTypeParser },
    })
    const url = new URL(opts.databaseUrl)
    return { db: new Kysely<Database>({ dialect: dialectOf(new PostgresDialect({ pool })) }), kind: 'postgres', where: `postgres://${url.host}${url.pathname}`, pool }
  }
  // better-sqlite3's compiled part is built for Node-API 10 (Node.js 22.12 and later); an older Node crashes
  // in it instead of throwing, so say why here.
  if (Number(process.versions.napi) < 10) throw new Error(`SQLite needs Node.js 22.12 or later (package.json engines); this is Node.js ${process.versions.node}`)
  mkdirSync(opts.dataDir, { recursive: true })
  const file = join(opts.dataDir, 'habor.db')
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  return { db: new Kysely<Database>({ dialect: dialectOf(new SqliteDialect({ database: withStatementCache(sqlite) })) }), kind: 'sqlite', where: file }
}

/** Prepared statements kept per SQL text: preparing again on every query cost most of a cheap read. */
const STATEMENT_CACHE_SIZE = 500

/**
 * The database as Kysely's SQLite driver sees it, reusing prepared statements. Safe because better-sqlite3
 * is synchronous and Kysely runs one query at a time per connection. Oldest entries go first when full
 * (generated `in (…)` lists make some texts one-off).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(query: string) {
      let statement = cache.get(query)
      if (statement) {
        cache.delete(query)
      } else {
        statement = sqlite.prepare(query)
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
      }
      cache.set(query, statement)
      return statement
    },
  }
}

/**
 * Runs `work` while holding the database's start-up lock, so that several server processes starting
 * together on one PostgreSQL database migrate and seed it once, one after another (a session-level
 * advisory lock on one pooled connection, keyed by the schema). SQLite needs none: one process owns the file.
 */
export async function underStartLock<T>(db: Db, kind: DbHandle['kind'], work: (db: Db) => Promise<T>): Promise<T> {
  if (kind !== 'postgres') return work(db)
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('habor:start:' || current_schema()))`.execute(conn)
    try {
      return await work(conn)
    } finally {
      await sql`select pg_advisory_unlock(hashtext('habor:start:' || current_schema()))`.execute(conn)
    }
  })
}

export async function migrate(db: Db, kind: DbHandle['kind']): Promise<void> {
  // On PostgreSQL, Kysely looks for its bookkeeping tables in every schema; pin it to ours
  // (the search_path's first schema) so databases sharing a server never see each other's.
  const migrationTableSchema = kind === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined
  const { error, results } = await new Migrator({ db, provider: migrationProvider, migrationTableSchema }).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}`, { cause: error })
}
