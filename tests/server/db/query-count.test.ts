/** The query counter of tests/server/support/queries.ts, through build()'s wrapDialect, on the suite's database. */
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { call, makeApp, passwordLogin } from '../support/helpers'
import { queryCounter } from '../support/queries'

describe('queryCounter', () => {
  it('counts reads in series as one level each, and reads run together as one level', async () => {
    const q = queryCounter()
    const { app } = await makeApp({ wrapDialect: q.wrapDialect })
    const db = app.db
    const one = () => db.selectFrom('orgs').select('id').execute()
    const serial = await q.measure(async () => {
      await one()
      await one()
      await sql`select 1 as x`.execute(db)
    })
    expect(serial).toMatchObject({ queries: 3, depth: 3 })
    const together = await q.measure(() => Promise.all([one(), one(), one(), one()]))
    expect(together).toMatchObject({ queries: 4, depth: 1 })
    // A read that waits for two run together, then one that waits for it: three levels.
    const mixed = await q.measure(async () => {
      await Promise.all([one(), one()])
      await one()
      await Promise.all([one(), one().then(() => null)])
    })
    expect(mixed).toMatchObject({ queries: 5, depth: 3 })
    expect(mixed.sql[0]).toMatch(/select "id" from "orgs"/)
  })

  it('counts a transaction\'s begin and commit, and a read that follows another inside Promise.all as a level', async () => {
    const q = queryCounter()
    const { app } = await makeApp({ wrapDialect: q.wrapDialect })
    const db = app.db
    const inTx = await q.measure(() => db.transaction().execute(async (tx) => tx.selectFrom('orgs').select('id').execute()))
    expect(inTx).toMatchObject({ queries: 3, depth: 3 })
    const chained = await q.measure(() => Promise.all([db.selectFrom('orgs').select('id').execute().then(() => db.selectFrom('orgs').select('id').execute()), db.selectFrom('users').select('id').execute()]))
    expect(chained).toMatchObject({ queries: 3, depth: 2 })
  })

  it('counts the queries of a call made through inject()', async () => {
    const q = queryCounter()
    const { app } = await makeApp({ wrapDialect: q.wrapDialect })
    const { token } = await passwordLogin(app)
    const m = await q.measure(() => call(app, 'GET', '/auth/student', { token }))
    expect(m.result.body.code).toBe(0)
    expect(m.queries).toBeGreaterThan(0)
    expect(m.sql.join('\n')).toMatch(/from "sessions"/)
  })

  it('counts only what the measured work asked for', async () => {
    const q = queryCounter()
    const { app } = await makeApp({ wrapDialect: q.wrapDialect })
    const outside = app.db.selectFrom('orgs').select('id').execute()
    const m = await q.measure(async () => 'nothing')
    await outside
    expect(m).toEqual({ result: 'nothing', queries: 0, depth: 0, sql: [], log: [] })
  })
})
