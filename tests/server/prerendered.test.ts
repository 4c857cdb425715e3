/**
 * Prerendered pages: nested build output is found, the server adds the preview to that HTML, and their
 * inline starter, and only it, may run.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadPrerendered, templateFor } from '../../server/prerendered'
import { makeApp } from './support/helpers'

const starter = (name: string) => `(function(a){import(a)})(${JSON.stringify(`/assets/${name.slice(1)}.js`)})`
const page = (name: string) =>
  `<!doctype html><html><head><meta name="description" content="x"><title>Habor</title></head><body><div id="root" data-prerendered="${name}"><p>skeleton ${name}</p></div><script>${starter(name)}</script></body></html>`
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

function prerenderedDist(dir: string): string {
  const dist = join(dir, 'pre-dist')
  mkdirSync(join(dist, '_prerender', 'share'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><title>Habor</title></head><body><div id="root"></div></body></html>')
  writeFileSync(join(dist, '_prerender', 'login.html'), page('/login'))
  writeFileSync(join(dist, '_prerender', 'share', 'opus.html'), page('/share/opus'))
  writeFileSync(join(dist, '_prerender', 'sound.html'), page('/sound'))
  // A frame in another language than zh-Hans (docs/performance.md "The daily open"): its own URL.
  mkdirSync(join(dist, '_prerender', '__frame', 'en'), { recursive: true })
  writeFileSync(join(dist, '_prerender', '__frame', 'en', 'settings.html'), page('/__frame/en/settings'))
  return dist
}

describe('prerendered pages', () => {
  it('maps nested files to their paths', async () => {
    const { dir } = await makeApp()
    const pages = loadPrerendered(prerenderedDist(dir))
    expect([...pages.keys()].sort()).toEqual(['/__frame/en/settings', '/login', '/share/opus', '/sound'])
    expect(templateFor(pages, '/share/opus?id=demo-opus', 'shell')).toContain('skeleton /share/opus')
    expect(templateFor(pages, '/share/read?id=demo-read', 'shell')).toBe('shell')
  })

  it("serves a frame in another language under its own URL, for the service worker's precache", async () => {
    const { dir } = await makeApp()
    const { app } = await makeApp({ distDir: prerenderedDist(dir) })
    const res = await app.inject({ method: 'GET', url: '/__frame/en/settings' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.body).toContain('skeleton /__frame/en/settings')
  })

  it('serves the prerendered frame of a share page with its content preview', async () => {
    const { dir } = await makeApp()
    const { app } = await makeApp({ distDir: prerenderedDist(dir) })
    const html = (await app.inject({ method: 'GET', url: '/share/opus?id=demo-opus' })).body
    expect(html).toContain('skeleton /share/opus')
    expect(html).toContain('<meta property="og:title" content="门前的银杏树">')
    expect(html).toMatch(/<link rel="preload" as="image" href="http:\/\/[^"]+\/api\/content\/media\/[0-9a-f-]{36}" fetchpriority="high">/)
    expect(html).toMatch(/<style>\.opus__cover-bone\{background:url\(\/api\/content\/media\/[0-9a-f-]{36}\) center\/cover no-repeat;animation:none\}<\/style>/)
    const task = (await app.inject({ method: 'GET', url: '/share/task?id=demo-task' })).body
    expect(task).not.toContain('rel="preload" as="image"')
    expect(task).not.toContain('background:url(')
    const missing = (await app.inject({ method: 'GET', url: `/share/opus?id=${crypto.randomUUID()}` })).body
    expect(missing).not.toContain('background:url(')
  })

  it('allows the inline starters by their hashes, and no other inline script', async () => {
    const { dir } = await makeApp()
    const { app } = await makeApp({ distDir: prerenderedDist(dir) })
    const res = await app.inject({ method: 'GET', url: '/login' })
    expect(res.body).toContain(`<script>${starter('/login')}</script>`)
    const scriptSrc = String(res.headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('script-src'))?.trim().split(/\s+/) ?? []
    expect(scriptSrc).toContain("'self'")
    for (const name of ['/login', '/share/opus', '/sound', '/__frame/en/settings']) expect(scriptSrc).toContain(sha256(starter(name)))
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(scriptSrc.filter((s) => s.startsWith("'sha256-"))).toHaveLength(4)
  })
})
