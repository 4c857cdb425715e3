/**
 * Limits that must hold however requests are timed, on however many nodes, and for a school behind one
 * address (docs/security.md, "Limits of accounts, numbers and classes"). Real parallel requests against one
 * app, on SQLite and on PostgreSQL (`npm run test:server:pg`), where transactions really overlap.
 */
import { describe, expect, it } from 'vitest'
import { call, makeApp } from './helpers'

describe('SMS send limits under parallel requests', () => {
  it('50 parallel code requests for one new number send one code; the others wait', async () => {
    const sent: string[] = []
    const provider = { name: 'count', send: async (m: { phone: string }) => void sent.push(m.phone) }
    const { app: counted } = await makeApp({ sms: provider })
    const answers = await Promise.all(Array.from({ length: 50 }, () => call(counted, 'POST', '/sms/code', { body: { username: '+8613700137001', scene: 'login' } })))
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(49)
    expect(sent).toEqual(['+8613700137001'])
    expect(await counted.db.selectFrom('sms_codes').select('id').execute()).toHaveLength(1)
  })

  it('the per-address hourly count holds under parallel requests for many numbers', async () => {
    const { app } = await makeApp({ limits: { sms: { perIpHour: 5 } } })
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => call(app, 'POST', '/sms/code', { body: { username: `+861370013${String(7100 + i)}`, scene: 'login' }, ip: '10.1.2.3' })))
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(5)
    expect(await app.db.selectFrom('sms_codes').select('id').execute()).toHaveLength(5)
  })
})
