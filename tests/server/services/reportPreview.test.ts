/** Open Graph meta of a shared year in review: only visible slides, everything escaped, nothing for a private one. */
import { describe, expect, it } from 'vitest'
import type { OwnerReport } from '../../../src/contract/report'
import { call, makeApp, passwordLogin } from '../support/helpers'

describe('year in review link preview', () => {
  it('previews a shared report from its visible slides only, escaped, and never a private one', async () => {
    const { app } = await makeApp()
    const { token } = await passwordLogin(app)
    const user = await app.db.selectFrom('users').select('id').where('phone', '=', '+8613800138000').executeTakeFirstOrThrow()
    await app.db.updateTable('students').set({ name: 'Ann <script>"&\'' }).where('user_id', '=', user.id).execute()
    const made = (await call<OwnerReport>(app, 'POST', '/reports', { token, body: { year: 2023 } })).body.data
    const streak = made.slides.find((s) => s.kind === 'streak')
    const minutes = made.slides.find((s) => s.kind === 'minutes')
    if (streak?.kind !== 'streak' || minutes?.kind !== 'minutes') throw new Error('the demo year has a streak and minutes')
    const page = async (query: string) => (await app.inject({ method: 'GET', url: `/2023/report${query}` })).body

    // Private: a generic "not available" preview, no name, no figures.
    const hidden = await page(`?id=${made.id}`)
    expect(hidden).toContain('<meta property="og:title" content="这份年度报告暂时看不到">')
    expect(hidden).not.toContain('Ann')
    expect(hidden).toContain('<meta name="robots" content="noindex">')

    await call(app, 'PUT', `/reports/${made.id}`, { token, body: { shareable: true, hidden: ['streak'] } })
    const shared = await page(`?id=${made.id}`)
    expect(shared).toContain('<meta property="og:title" content="Ann &#60;script&#62;&#34;&#38;&#39;的 2023 阅读年度报告">')
    expect(shared).toContain('<title>Ann &#60;script&#62;&#34;&#38;&#39;的 2023 阅读年度报告 - Habor</title>')
    expect(shared).not.toContain('<script>"')
    const description = /<meta property="og:description" content="([^"]*)">/.exec(shared)?.[1] ?? ''
    expect(description).toContain(`读了 ${minutes.minutes.toLocaleString('zh-CN')} 分钟`)
    expect(description).not.toContain('连续')
    expect(shared).not.toContain(`${streak.days} 天`)
    expect(shared).toMatch(new RegExp(`<meta property="og:url" content="http://localhost(:80)?/2023/report\\?id=${made.id}">`))
    // Shared by link, not published: still asks not to be indexed.
    expect(shared).toContain('<meta name="robots" content="noindex">')

    const en = await page(`?id=${made.id}&lang=en`)
    expect(en).toContain('Ann &#60;script&#62;&#34;&#38;&#39;&#39;s 2023 in reading')

    // The cover hidden: no name anywhere.
    await call(app, 'PUT', `/reports/${made.id}`, { token, body: { hidden: ['cover'] } })
    expect(await page(`?id=${made.id}`)).not.toContain('Ann')
    // A malformed id is simply not available.
    expect(await page('?id=%22%3E%3Cscript%3E')).toContain('这份年度报告暂时看不到')
  })
})
