import { mkdirSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CODE } from '../../../src/contract'
import type { DownloadInfo } from '../../../src/contract/download'
import { call, makeApp } from '../support/helpers'

describe('GET /api/download/info', () => {
  it('offers no package and no store links when none are configured', async () => {
    const { app } = await makeApp()
    const res = await call<DownloadInfo>(app, 'GET', '/download/info')
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(0)
    expect(res.body.data).toEqual({ version: '1.5.5', versionCode: 10505000, android: { apk: null, storeUrl: null }, ios: { storeUrl: null } })
  })

  it('passes configured links through', async () => {
    const { app } = await makeApp({
      download: { apkUrl: 'https://cdn.example.org/habor-1.5.5.apk', apkVersion: '1.5.5', apkSize: 12_345_678, androidStoreUrl: 'market://details?id=habor', iosStoreUrl: 'https://apps.apple.com/app/id1' },
    })
    const res = await call<DownloadInfo>(app, 'GET', '/download/info')
    expect(res.body.data.android).toEqual({ apk: { url: 'https://cdn.example.org/habor-1.5.5.apk', version: '1.5.5', size: 12_345_678 }, storeUrl: 'market://details?id=habor' })
    expect(res.body.data.ios.storeUrl).toBe('https://apps.apple.com/app/id1')
  })

  it('lists the newest package of the downloads folder, and serves it with its length', async () => {
    const { app, dir } = await makeApp()
    mkdirSync(join(dir, 'downloads'))
    const bytes = Buffer.alloc(300_000, 7)
    writeFileSync(join(dir, 'downloads', 'habor-1.6.0.apk'), bytes)
    const info = await call<DownloadInfo>(app, 'GET', '/download/info')
    expect(info.body.data.android.apk).toEqual({ url: '/api/download/files/habor-1.6.0.apk', version: '1.6.0', size: 300_000 })

    const file = await app.inject({ method: 'GET', url: '/api/download/files/habor-1.6.0.apk' })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-length']).toBe('300000')
    expect(file.headers['content-type']).toBe('application/vnd.android.package-archive')
    expect(file.rawPayload.equals(bytes)).toBe(true)
  })

  it('refuses names outside the folder, and answers 100001 for a missing package', async () => {
    const { app } = await makeApp()
    const traversal = await app.inject({ method: 'GET', url: '/api/download/files/..%2F..%2Fjwt-secret' })
    expect(traversal.statusCode).toBeLessThan(500)
    expect(traversal.json()).toMatchObject({ code: CODE.PARAM_INVALID })
    const missing = await call(app, 'GET', '/download/files/nothing.apk')
    expect(missing.body.code).toBe(CODE.DATA_EMPTY)
  })
})

describe('the package over a real connection', () => {
  it('is the file alone, not followed by an envelope', async () => {
    const { app, dir } = await makeApp()
    mkdirSync(join(dir, 'downloads'))
    const bytes = Buffer.alloc(2 * 1024 * 1024, 3)
    writeFileSync(join(dir, 'downloads', 'habor-1.5.5.apk'), bytes)
    const address = await app.listen({ port: 0, host: '127.0.0.1' })
    // No keep-alive, so closing the app after the test does not wait on an idle connection.
    const { status, body } = await new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      get(`${address}/api/download/files/habor-1.5.5.apk`, { agent: false }, (res) => {
        const parts: Buffer[] = []
        res.on('data', (c: Buffer) => parts.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }))
      }).on('error', reject)
    })
    expect(status).toBe(200)
    expect(body.length).toBe(bytes.length)
    expect(body.equals(bytes)).toBe(true)
  })
})
