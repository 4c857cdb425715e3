/**
 * Queries built and compiled once per database, then run with new argument values. Kysely builds and
 * compiles a query on every call; for the small indexed reads made on every authenticated request
 * (the session check and the account behind it) that cost more than the database's own work. The SQL
 * text stays the same, so the SQLite statement cache of connect.ts reuses its prepared statement too.
 */
import type { CompiledQuery, Compilable } from 'kysely'
import type { Db } from './connect'

/**
 * `build` must use its arguments only as values (`where(column, '=', arg)`), never to decide the
 * query's shape: it runs once, with stand-ins that are swapped for the real values on every call. A
 * stand-in that does not end up among the query's parameters is refused when the query is compiled.
 */
export function prepared<A extends unknown[], O>(build: (db: Db, ...args: A) => Compilable<O>): (db: Db, ...args: A) => Promise<O[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<O>; slots: number[] }>()
  return async (db, ...args) => {
    let c = compiled.get(db)
    if (!c) {
      const standIns = args.map((_, i) => Object.freeze({ standIn: i }))
      const query = build(db, ...(standIns as unknown as A)).compile()
      // For each parameter: the index of the argument it stands for, or -1 for a constant of the query.
      const slots = query.parameters.map((p) => standIns.indexOf(p as (typeof standIns)[number]))
      standIns.forEach((_, i) => {
        if (!slots.includes(i)) throw new Error(`prepared query: argument ${i} is not used as a value`)
      })
      c = { query, slots }
      compiled.set(db, c)
    }
    const { query, slots } = c
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p))
    return (await db.executeQuery<O>({ ...query, parameters })).rows
  }
}
