/**
 * Counts the queries a call makes, and their depth: the longest chain of queries each asked for after the
 * previous one had answered, i.e. the round trips the call waits for in series. Queries asked for while
 * another is in flight share its level, so reads run together (Promise.all) count once.
 *
 * It wraps the app's Kysely driver (`wrapDialect` of build()), so every query counts whatever built it:
 * query builders, `sql` templates, prepared queries, and a transaction's begin and commit. A query's start
 * is when its connection was asked for, so waiting for one (a new PostgreSQL connection, SQLite's single
 * connection) does not split reads that were asked for together. Only queries made within `measure`'s
 * work count (AsyncLocalStorage), not the app's timers running meanwhile.
 *
 *   const q = queryCounter()
 *   const { app } = await makeApp({ wrapDialect: q.wrapDialect })
 *   const m = await q.measure(() => call(app, 'GET', '/home/desk', { token }))
 *   expect(m).toMatchObject({ queries: 6, depth: 3 })
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult } from 'kysely'

export interface Measured<T> {
  result: T
  /** Queries run, a transaction's begin and commit included. */
  queries: number
  /** Round trips in series. */
  depth: number
  /** Each query's SQL, in the order they were asked for (to say what a failing count saw). */
  sql: string[]
  /** Each query's SQL with its parameters, in the same order. */
  log: { sql: string; parameters: readonly unknown[] }[]
}

interface Query {
  sql: string
  parameters: readonly unknown[]
  start: number
  end: number
}

/** One measured piece of work: its queries, on a clock of events (each start and end a tick). */
class Recording {
  private tick = 0
  readonly queries: Query[] = []
  now(): number {
    return ++this.tick
  }
  record(sql: string, parameters: readonly unknown[], start: number): () => void {
    const q: Query = { sql, parameters, start, end: Infinity }
    this.queries.push(q)
    return () => {
      q.end = this.now()
    }
  }
  /** The longest chain of queries in which each started after the one before had ended. */
  depth(): number {
    const qs = [...this.queries].sort((a, b) => a.start - b.start)
    const chain: number[] = []
    qs.forEach((q, i) => {
      let before = 0
      for (let j = 0; j < i; j++) if (qs[j]!.end < q.start) before = Math.max(before, chain[j]!)
      chain[i] = before + 1
    })
    return Math.max(0, ...chain)
  }
}

export interface QueryCounter {
  /** Give to build() (makeApp) as `wrapDialect`. */
  wrapDialect: (dialect: Dialect) => Dialect
  /** Runs `work` and counts the queries it made. */
  measure: <T>(work: () => Promise<T>) => Promise<Measured<T>>
}

export function queryCounter(): QueryCounter {
  const current = new AsyncLocalStorage<Recording>()

  /** The connection as Kysely sees it: each query recorded in the recording it was asked for in. */
  class Counted implements DatabaseConnection {
    /** When this connection was asked for; its first query started then. */
    constructor(
      readonly inner: DatabaseConnection,
      private asked: number | null,
    ) {}
    private begin(query: CompiledQuery): () => void {
      const rec = current.getStore()
      if (!rec) return () => {}
      const start = this.asked ?? rec.now()
      this.asked = null
      return rec.record(query.sql, query.parameters, start)
    }
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      const end = this.begin(query)
      try {
        return await this.inner.executeQuery<R>(query)
      } finally {
        end()
      }
    }
    async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
      const end = this.begin(query)
      try {
        yield* this.inner.streamQuery<R>(query, chunkSize)
      } finally {
        end()
      }
    }
  }
  const innerOf = (c: DatabaseConnection) => (c instanceof Counted ? c.inner : c)

  const wrapDriver = (d: Driver): Driver => ({
    init: () => d.init(),
    acquireConnection: async () => {
      const asked = current.getStore()?.now() ?? null
      return new Counted(await d.acquireConnection(), asked)
    },
    // Transaction control runs through the counted connection: on PostgreSQL each is a round trip too.
    beginTransaction: (c, settings) => d.beginTransaction(c, settings),
    commitTransaction: (c) => d.commitTransaction(c),
    rollbackTransaction: (c) => d.rollbackTransaction(c),
    ...(d.savepoint && { savepoint: (c, name, compile) => d.savepoint!(c, name, compile) }),
    ...(d.rollbackToSavepoint && { rollbackToSavepoint: (c, name, compile) => d.rollbackToSavepoint!(c, name, compile) }),
    ...(d.releaseSavepoint && { releaseSavepoint: (c, name, compile) => d.releaseSavepoint!(c, name, compile) }),
    releaseConnection: (c) => d.releaseConnection(innerOf(c)),
    destroy: () => d.destroy(),
  })

  return {
    wrapDialect: (dialect) => ({
      createDriver: () => wrapDriver(dialect.createDriver()),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createAdapter: () => dialect.createAdapter(),
      createIntrospector: (db) => dialect.createIntrospector(db),
    }),
    measure: async (work) => {
      const rec = new Recording()
      const result = await current.run(rec, work)
      return { result, queries: rec.queries.length, depth: rec.depth(), sql: rec.queries.map((q) => q.sql), log: rec.queries.map((q) => ({ sql: q.sql, parameters: q.parameters })) }
    },
  }
}

/** The tables of an account that the sign-in check reads (server/services/users.ts `sessionAccount`). */
const ACCOUNT_TABLES = /\bfrom\s+"(sessions|users|students|memberships|invite_codes|guardian_consents)"/

/**
 * The queries of a measured call that read the signed-in account again after the sign-in check (its first
 * query): selecting from one of the account's tables (a join to another account's rows, such as an
 * invitee's name, is not a re-read), with one of `ids` (the account's user id or student id) as a value.
 */
export function accountRereads(m: Measured<unknown>, ids: readonly string[]): string[] {
  return m.log
    .slice(1)
    .filter((q) => ACCOUNT_TABLES.test(q.sql) && q.parameters.some((p) => ids.includes(p as string)))
    .map((q) => q.sql)
}
