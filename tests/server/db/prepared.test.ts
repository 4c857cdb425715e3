/** The compiled-once queries of server/db/prepared.ts, on whichever database the suite runs on. */
import { describe, expect, it } from 'vitest'
import { prepared } from '../../../server/db/prepared'
import type { UserStatus } from '../../../server/db/schema'
import { makeApp } from '../support/helpers'

describe('prepared()', () => {
  it('runs the compiled query with each call’s values and keeps the query’s own constants', async () => {
    const { app } = await makeApp()
    const byCode = prepared((db, code: string, status: UserStatus) =>
      db.selectFrom('orgs').select(['code']).where('code', '=', code).where((eb) => eb.exists(eb.selectFrom('users').select('id').where('status', '=', status).where('phone', 'is not', null))),
    )
    const active = prepared((db, phone: string) => db.selectFrom('users').select(['phone']).where('status', '=', 'active').where('phone', '=', phone))
    expect(await byCode(app.db, 'DEMO', 'active')).toEqual([{ code: 'DEMO' }])
    expect(await byCode(app.db, 'ACADEMY', 'active')).toEqual([{ code: 'ACADEMY' }])
    expect(await byCode(app.db, 'DEMO', 'deleted')).toEqual([])
    expect(await active(app.db, '+8613800138000')).toEqual([{ phone: '+8613800138000' }])
    await app.db.updateTable('users').set({ status: 'disabled' }).where('phone', '=', '+8613800138000').execute()
    // The constant 'active' stayed in the query; the phone is this call's.
    expect(await active(app.db, '+8613800138000')).toEqual([])
    expect(await active(app.db, '+8613900139000')).toEqual([{ phone: '+8613900139000' }])
  })

  it('compiles per database, so two apps never share a query', async () => {
    const a = await makeApp()
    const b = await makeApp()
    const orgs = prepared((db, code: string) => db.selectFrom('orgs').select('id').where('code', '=', code))
    await b.app.db.updateTable('orgs').set({ code: 'RENAMED' }).where('code', '=', 'DEMO').execute()
    expect(await orgs(a.app.db, 'DEMO')).toHaveLength(1)
    expect(await orgs(b.app.db, 'DEMO')).toEqual([])
    expect(await orgs(b.app.db, 'RENAMED')).toHaveLength(1)
  })

  it('refuses a builder that does not use an argument as a value', async () => {
    const { app } = await makeApp()
    const shaped = prepared((db, code: string) => (code ? db.selectFrom('orgs').select('id') : db.selectFrom('users').select('id')))
    await expect(shaped(app.db, 'DEMO')).rejects.toThrow(/argument 0 is not used as a value/)
  })
})
