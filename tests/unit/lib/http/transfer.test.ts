// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { download, RequestError, upload, type TransferProgress } from '../../../../src/lib/http'
import { fakeSession, outcome, setup } from '../../support/http'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('download', () => {
  it('streams a Blob with progress events', async () => {
    setup(fakeSession({ token: 'acc' }))
    const chunks = [new Uint8Array(40), new Uint8Array(40), new Uint8Array(20)]
    const fetchSpy = vi.fn(async (_url: string, init: RequestInit) => {
      expect(new Headers(init.headers).get('authorization')).toBe('Bearer acc')
      const body = new ReadableStream<Uint8Array>({
        start(ctl) {
          chunks.forEach((c) => ctl.enqueue(c))
          ctl.close()
        },
      })
      return new Response(body, { status: 200, headers: { 'content-length': '100', 'content-type': 'application/pdf' } })
    })
    vi.stubGlobal('fetch', fetchSpy)
    const events: TransferProgress[] = []
    const res = await download({ url: '/files/1', onProgress: (p) => events.push(p) })
    expect(events.map((e) => [e.loaded, e.progress])).toEqual([
      [40, 40],
      [80, 80],
      [100, 100],
    ])
    expect(res.statusCode).toBe(200)
    expect(res.data).toBeInstanceOf(Blob)
    expect(res.data.size).toBe(100)
    expect(fetchSpy.mock.calls[0]?.[1].method).toBe('GET')
  })

  it('a network failure is 602001', async () => {
    setup()
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))
    const e = await download({ url: '/files/1' }).catch((err: unknown) => err)
    expect((e as RequestError).code).toBe(602001)
  })
})

class FakeXhr {
  static last: FakeXhr | undefined
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  withCredentials = false
  status = 0
  responseText = ''
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: FormData | undefined
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k.toLowerCase()] = v
  }
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n'
  }
  send(body: FormData) {
    this.body = body
    FakeXhr.last = this
  }
  abort() {
    this.onabort?.()
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

describe('upload', () => {
  beforeEach(() => {
    FakeXhr.last = undefined
    vi.stubGlobal('XMLHttpRequest', FakeXhr)
  })

  it('posts multipart file parts plus form fields, with progress events', async () => {
    setup(fakeSession({ token: 'acc', orgId: 'o1' }))
    const events: number[] = []
    const file = new File(['hello world'], 'a.txt', { type: 'text/plain' })
    const res = outcome(upload<{ data: { id: string } }>({ url: '/upload', files: [{ name: 'file', file }], formData: { kind: 'avatar', n: 2 }, onProgress: (p) => events.push(p.progress) }))
    await vi.advanceTimersByTimeAsync(0)
    const xhr = FakeXhr.last
    if (!xhr) throw new Error('no upload was sent')
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/upload'])
    expect(xhr.headers).toMatchObject({ authorization: 'Bearer acc', 'app-id': 'jsj-habor', 'org-id': 'o1' })
    expect(xhr.headers['content-type']).toBeUndefined()
    expect(xhr.body?.get('kind')).toBe('avatar')
    expect(xhr.body?.get('n')).toBe('2')
    expect((xhr.body?.get('file') as File).name).toBe('a.txt')
    xhr.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true })
    xhr.upload.onprogress?.({ loaded: 10, total: 10, lengthComputable: true })
    xhr.respond(200, { code: 0, msg: 'success', data: { id: 'u1' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual([50, 100])
    expect(res.value?.data.data.id).toBe('u1')
  })

  it("rejects with 'file error' when a file cannot be read, before sending", async () => {
    setup()
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('revoked'))))
    const e = await upload({ url: '/upload', files: [{ name: 'file', uri: 'blob:gone' }] }).catch((err: unknown) => err)
    expect([(e as RequestError).code, (e as RequestError).message]).toEqual(['file error', 'file error'])
    expect(FakeXhr.last).toBeUndefined()
  })

  it('a network failure is 602001', async () => {
    setup()
    const res = outcome(upload({ url: '/upload', files: [{ name: 'file', file: new Blob(['x']) }] }))
    await vi.advanceTimersByTimeAsync(0)
    FakeXhr.last?.onerror?.()
    await vi.advanceTimersByTimeAsync(0)
    expect((res.error as RequestError).code).toBe(602001)
  })
})
