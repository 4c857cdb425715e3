/** Link previews: a crawler that runs no JavaScript finds each share URL's title, text and picture in the HTML. */
import { describe, expect, it } from 'vitest'
import { DEMO_IDS } from '../../../server/db/seedContent'
import { makeApp } from '../support/helpers'

const meta = (html: string, prop: string): string | undefined => new RegExp(`<meta (?:property|name)="${prop}" content="([^"]*)"`).exec(html)?.[1]

describe('share URLs carry Open Graph and Twitter meta', () => {
  it.each([
    ['/share/opus', DEMO_IDS.opus, '门前的银杏树'],
    ['/share/read', DEMO_IDS.read, 'Demo Student在读《草房子》'],
    ['/share/task', DEMO_IDS.task, '《草房子》整本书阅读'],
    ['/sound', DEMO_IDS.sound, '口琴练习：小星星'],
  ])('%s?id=%s', async (path, id, title) => {
    const { app } = await makeApp({ publicUrl: 'http://habor.example' })
    const res = await app.inject({ method: 'GET', url: `${path}?id=${id}`, headers: { host: 'habor.example' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const html = res.body
    expect(meta(html, 'og:title')).toBe(title)
    expect(meta(html, 'twitter:title')).toBe(title)
    expect(html).toContain(`<title>${title} - Habor</title>`)
    expect(meta(html, 'og:url')).toBe(`http://habor.example${path}?id=${id}`)
    expect(html).toContain(`<link rel="canonical" href="http://habor.example${path}?id=${id}">`)
    expect(meta(html, 'og:image')).toMatch(/^http:\/\/habor\.example\/api\/content\//)
    expect(meta(html, 'og:description')?.length).toBeGreaterThan(5)
    expect(html.match(/<meta name="description"/g)).toHaveLength(1)
    expect(html).not.toContain('noindex')
    // The picture it names is really there.
    const image = await app.inject({ method: 'GET', url: new URL(meta(html, 'og:image') ?? '').pathname })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/png')
  })

  it('describes a missing or private content as not available, without indexing', async () => {
    const { app } = await makeApp()
    await app.db.updateTable('works').set({ shareable: 0 }).where('id', '=', DEMO_IDS.opus).execute()
    for (const url of ['/share/opus?id=demo-opus', `/share/read?id=${crypto.randomUUID()}`, '/sound?lang=en&id=nope']) {
      const html = (await app.inject({ method: 'GET', url })).body
      expect(meta(html, 'og:title')).toMatch(/^(此内容不可用|This content is not available)$/)
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(meta(html, 'og:image')).toMatch(/\/api\/content\/card\.png$/)
    }
  })

  it('escapes what an author wrote', async () => {
    const { app } = await makeApp()
    const evil = `"><script>alert(1)</script><meta x="`
    await app.db.updateTable('works').set({ title: evil, body: `</title><img src=x onerror=alert(2)> & more` }).where('id', '=', DEMO_IDS.opus).execute()
    const html = (await app.inject({ method: 'GET', url: '/share/opus?id=demo-opus' })).body
    expect(html).not.toContain('<script>alert(1)')
    expect(html).not.toContain('<img src=x')
    expect(meta(html, 'og:title')).toBe('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;meta x=&#34;')
    expect(html).toContain('<title>&#34;&#62;&#60;script&#62;')
  })

  it('leaves other pages alone and uses PUBLIC_URL for absolute links', async () => {
    const { app } = await makeApp({ publicUrl: 'https://read.example.org' })
    const login = (await app.inject({ method: 'GET', url: '/login' })).body
    expect(login).not.toContain('og:title')
    const opus = (await app.inject({ method: 'GET', url: '/share/opus?id=demo-opus&lang=en' })).body
    expect(meta(opus, 'og:url')).toBe('https://read.example.org/share/opus?id=demo-opus')
    expect(meta(opus, 'og:locale')).toBe('en_US')
    expect(meta(opus, 'og:description')).toMatch(/^A work by Demo Student · 我家门前/)
  })
})
