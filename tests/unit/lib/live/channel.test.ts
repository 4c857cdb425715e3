// @vitest-environment node
import { EventEmitter } from 'node:events'
import type { IClientOptions, MqttClient } from 'mqtt'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestError } from '../../../../src/lib/http/errors'
import { LiveChannel, parseLiveMessage, tokenExpired, type LiveDeps } from '../../../../src/lib/live/channel'

/** The parts of mqtt.js's client the channel uses. */
class FakeClient extends EventEmitter {
  connected = false
  subscribed: string[] = []
  ended = false
  constructor(
    readonly url: string,
    readonly options: IClientOptions,
  ) {
    super()
  }
  subscribe(topic: string, _opts: unknown, cb: (err: Error | null) => void) {
    this.subscribed.push(topic)
    cb(null)
  }
  end(_force: boolean, _opts: unknown, cb: () => void) {
    this.ended = true
    this.connected = false
    cb()
  }
  publishAsync = vi.fn(async () => undefined)
  connectNow() {
    this.connected = true
    this.emit('connect')
  }
}

const jwt = (exp: number) => `h.${btoa(JSON.stringify({ exp })).replace(/=+$/, '')}.s`

function harness(session = { token: 'tok', userId: 'u1', deviceType: 'mobile' }) {
  const clients: FakeClient[] = []
  const deps: LiveDeps = {
    url: 'ws://test/mqtt',
    appId: 'jsj-habor',
    session: () => session,
    refresh: vi.fn(async () => undefined),
    notify: vi.fn(),
    kickedText: () => 'account logged in on another terminal',
    onLoggedOut: vi.fn(),
    loadMqtt: async () => (url, opts) => {
      const c = new FakeClient(url, { ...opts })
      clients.push(c)
      return c as unknown as MqttClient
    },
    onError: vi.fn(),
  }
  return { channel: new LiveChannel(deps), deps, clients, session }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

async function openConnected(h: ReturnType<typeof harness>) {
  const opened = h.channel.open()
  await vi.advanceTimersByTimeAsync(0)
  h.clients[0]?.connectNow()
  await opened
  return h.clients[0] as FakeClient
}

describe('LiveChannel', () => {
  it('connects with username "token", the access token, a random client id, keepalive 60 s and reconnect 2 s, and subscribes to its session topic', async () => {
    const h = harness()
    const c = await openConnected(h)
    expect(c.url).toBe('ws://test/mqtt')
    expect(c.options).toMatchObject({ username: 'token', password: 'tok', keepalive: 60, reconnectPeriod: 2000 })
    expect(c.options.clientId).toMatch(/^habor_[0-9a-f]{16}$/)
    expect(c.subscribed).toEqual(['session/jsj-habor/mobile/u1'])
    expect(h.channel.isOpen()).toBe(true)
  })

  it("'logout' on its topic shows the toast and logs out 500 ms later (not at 499)", async () => {
    const h = harness()
    const c = await openConnected(h)
    c.emit('message', 'session/jsj-habor/mobile/u1', new TextEncoder().encode('logout'))
    expect(h.deps.notify).toHaveBeenCalledWith('account logged in on another terminal')
    await vi.advanceTimersByTimeAsync(499)
    expect(h.deps.onLoggedOut).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(h.deps.onLoggedOut).toHaveBeenCalledTimes(1)
    expect(h.deps.onLoggedOut).toHaveBeenCalledWith('kicked')
    expect(c.ended).toBe(true)
  })

  it('ignores other payloads and topics', async () => {
    const h = harness()
    const c = await openConnected(h)
    c.emit('message', 'session/jsj-habor/mobile/u1', new TextEncoder().encode('hello'))
    c.emit('message', 'session/jsj-habor/mobile/other', new TextEncoder().encode('logout'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(h.deps.notify).not.toHaveBeenCalled()
  })

  it('a first connect failure rejects with 600009 and nothing throws', async () => {
    const h = harness()
    const opened = h.channel.open().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    h.clients[0]?.emit('error', new Error('ECONNREFUSED'))
    const e = (await opened) as RequestError
    expect([e.kind, e.code]).toEqual(['socket-connect', 600009])
    h.clients[0]?.emit('error', new Error('again'))
    expect(h.deps.onError).toHaveBeenCalledTimes(1)
  })

  it("a page's listener hears each JSON message of its own topic, and not after it stopped, nor the kick", async () => {
    const h = harness()
    const c = await openConnected(h)
    const heard: unknown[] = []
    const stop = h.channel.onMessage((m) => heard.push(m))
    const progressed = { type: 'task-progressed', taskId: 't1', studentId: 's1', state: 'read', at: 1 }
    c.emit('message', 'session/jsj-habor/mobile/u1', new TextEncoder().encode(JSON.stringify(progressed)))
    c.emit('message', 'session/jsj-habor/mobile/other', new TextEncoder().encode(JSON.stringify({ type: 'class-requested', orgCode: 'X' })))
    c.emit('message', 'session/jsj-habor/mobile/u1', new TextEncoder().encode('{not json'))
    expect(heard).toEqual([progressed])
    stop()
    c.emit('message', 'session/jsj-habor/mobile/u1', new TextEncoder().encode(JSON.stringify(progressed)))
    expect(heard).toHaveLength(1)
    h.channel.onMessage((m) => heard.push(m))
    c.emit('message', 'session/jsj-habor/mobile/u1', new TextEncoder().encode('logout'))
    expect(heard).toHaveLength(1)
  })

  it('sending while not open rejects with 10002', async () => {
    const h = harness()
    const e = (await h.channel.publish('t', 'x').catch((err: unknown) => err)) as RequestError
    expect(e.code).toBe(10002)
  })

  it('reconnects with the current token, refreshing an expired one when the connection drops', async () => {
    const session = { token: jwt(1), userId: 'u1', deviceType: 'browser' }
    const h = harness(session)
    const c = await openConnected(h)
    c.connected = false
    c.emit('close')
    expect(h.deps.refresh).toHaveBeenCalledWith(jwt(1))
    session.token = 'fresh'
    c.emit('reconnect')
    expect(c.options.password).toBe('fresh')
  })

  it('a broker refusing the credentials triggers one refresh per token, and a later connect reopens the channel', async () => {
    const h = harness()
    const opened = h.channel.open().catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    const c = h.clients[0] as FakeClient
    c.emit('error', Object.assign(new Error('Connection refused: Not authorized'), { code: 5 }))
    expect(await opened).toBeInstanceOf(RequestError)
    c.emit('error', Object.assign(new Error('Connection refused: Not authorized'), { code: 5 }))
    expect(h.deps.refresh).toHaveBeenCalledTimes(1)
    h.session.token = 'tok-2'
    c.emit('error', Object.assign(new Error('Connection refused: Not authorized'), { code: 5 }))
    expect(h.deps.refresh).toHaveBeenLastCalledWith('tok-2')
    expect(h.deps.refresh).toHaveBeenCalledTimes(2)
    c.connectNow()
    await expect(h.channel.open()).resolves.toBeUndefined()
    expect(h.channel.isOpen()).toBe(true)
  })

  it('sync opens with a token and user id and closes without', async () => {
    const h = harness()
    const synced = h.channel.sync()
    await vi.advanceTimersByTimeAsync(0)
    h.clients[0]?.connectNow()
    await synced
    expect(h.channel.isOpen()).toBe(true)
    h.session.token = ''
    await h.channel.sync()
    expect(h.channel.isOpen()).toBe(false)
    expect(h.clients[0]?.ended).toBe(true)
  })
})

describe('pure helpers', () => {
  it('parses the kick payload, a well-formed inbox notice and the account-changed notice, nothing else', () => {
    expect(parseLiveMessage('logout')).toEqual({ type: 'logged-in-elsewhere' })
    expect(parseLiveMessage('Logout')).toBeUndefined()
    const text = { title: 't', body: 'b' }
    const entry = { id: 'e1', kind: 'task', url: '/task?id=1', texts: { 'zh-Hans': text, en: text }, createdAt: 1, readAt: null }
    const notice = { type: 'notified', entry, unread: 2 }
    expect(parseLiveMessage(JSON.stringify(notice))).toEqual(notice)
    for (const bad of [{ ...notice, unread: -1 }, { ...notice, type: 'notify' }, { ...notice, entry: { ...entry, url: '//evil.example' } }, { ...notice, entry: { ...entry, kind: 'ad' } }, { ...notice, entry: { ...entry, texts: { en: text } } }])
      expect(parseLiveMessage(JSON.stringify(bad)), JSON.stringify(bad)).toBeUndefined()
    expect(parseLiveMessage('{not json')).toBeUndefined()
    expect(parseLiveMessage(JSON.stringify({ type: 'account-changed' }))).toEqual({ type: 'account-changed' })
    expect(parseLiveMessage(JSON.stringify({ type: 'account-change' }))).toBeUndefined()
  })
  it('reads a JWT exp and treats anything else as unexpired', () => {
    expect(tokenExpired(jwt(100), 100_000)).toBe(true)
    expect(tokenExpired(jwt(101), 100_000)).toBe(false)
    expect(tokenExpired('opaque', 0)).toBe(false)
  })
})
