/**
 * The live session channel of docs/contract.md "The calls": one owner object for the MQTT-over-WebSocket connection
 * (docs/architecture.md). It subscribes to the account's session topic and turns the broker's kick into a
 * toast plus a forced logout 500 ms later. mqtt.js is loaded on the first open only, so it never ships
 * with /login. No DOM here: the Node test drives it against a real broker.
 */
import type { IClientOptions, MqttClient } from 'mqtt'
import { isInboxNotified, type InboxNotified } from '../../contract/inbox'
import { isAccountChanged, type AccountChanged } from '../../contract/live'
import { newNonce } from '../../contract/sign'
import { errors, type RequestError } from '../http/errors'

/** docs/product.md "Timing and limits" and docs/contract.md. */
export const LIVE_KEEPALIVE_S = 60
export const LIVE_RECONNECT_MS = 2000
export const LIVE_CONNECT_TIMEOUT_MS = 60_000
export const KICK_LOGOUT_DELAY_MS = 500
/** The broker's kick payload (plain string, QoS 1). */
export const KICK_PAYLOAD = 'logout'
export const LIVE_USERNAME = 'token'

export const sessionTopic = (appId: string, deviceType: string, userId: string): string => `session/${appId}/${deviceType}/${userId}`

/**
 * What the channel can receive, named in the past tense (docs/architecture.md): the kick, a new
 * notification in the inbox (a JSON message of src/contract/inbox.ts), a change to the account made on
 * another device (src/contract/live.ts). The teacher's notices
 * (src/contract/teacher.ts) reach the Teacher page through `onMessage`, which checks them itself, so the
 * students' chunk of the channel does not carry the teacher's part of the contract.
 */
export type LiveMessage = { type: 'logged-in-elsewhere' } | InboxNotified | AccountChanged

/** Pure: the message a packet on our session topic carries, if any; anything else is ignored. */
export function parseLiveMessage(payload: string): LiveMessage | undefined {
  if (payload === KICK_PAYLOAD) return { type: 'logged-in-elsewhere' }
  if (!payload.startsWith('{')) return undefined
  try {
    const m: unknown = JSON.parse(payload)
    return isInboxNotified(m) || isAccountChanged(m) ? m : undefined
  } catch {
    return undefined
  }
}

/** Pure: true when `token` is a JWT whose `exp` is at or before `nowMs`. Anything else counts as not expired. */
export function tokenExpired(token: string, nowMs: number): boolean {
  const part = token.split('.')[1]
  if (!part) return false
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='))
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' && exp * 1000 <= nowMs
  } catch {
    return false
  }
}

export type MqttConnect = (url: string, opts: IClientOptions) => MqttClient

export interface LiveSession {
  token: string
  /** userInfo.id; the topic's {userId}. */
  userId: string
  deviceType: string
}

export interface LiveDeps {
  url: string
  appId: string
  session: () => LiveSession
  /** Refreshes the access token that `staleToken` was (the HTTP client's single-flight refresh). */
  refresh: (staleToken: string) => Promise<unknown>
  notify: (text: string) => void
  kickedText: () => string
  /** A new inbox entry arrived (docs/notifications.md). */
  onNotified?: (m: InboxNotified) => void
  /** The channel is subscribed again after a drop: what arrived meanwhile is read from the server. */
  onResumed?: () => void
  /** The account changed on someone else's device (src/contract/live.ts): the profile is read again. */
  onAccountChanged?: () => void
  /** The forced logout: clear the session, go to /login. */
  onLoggedOut: (reason: 'kicked') => void
  loadMqtt: () => Promise<MqttConnect>
  /** Reports failures that nobody awaits (connect failures during sync, refresh errors). */
  onError: (e: RequestError | Error) => void
}

/** mqtt.js's browser build only works as the default import (docs/performance.md); Node's CJS build exposes both. */
export const loadMqtt = async (): Promise<MqttConnect> => {
  const mod = await import('mqtt')
  return (mod.default ?? mod).connect
}

/** CONNACK refusals that mean "bad credentials" (MQTT 3.1.1: 4, 5; MQTT 5: 134, 135). */
const AUTH_REFUSED = new Set([4, 5, 134, 135])

export class LiveChannel {
  private client: MqttClient | undefined
  private topic = ''
  private opening: Promise<void> | undefined
  private kickTimer: ReturnType<typeof setTimeout> | undefined
  private readonly listeners = new Set<(m: unknown) => void>()

  constructor(private deps: LiveDeps) {}

  /**
   * Hears every JSON message on the session topic while the page that asked is open (Home's class notices,
   * the Teacher page's progress), unchecked: the listener checks the shape with its contract's guard
   * (isInboxNotified, isTeacherLive). Returns the way to stop.
   */
  onMessage(listener: (m: unknown) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  configure(partial: Partial<LiveDeps>): void {
    this.deps = { ...this.deps, ...partial }
  }

  isOpen(): boolean {
    return Boolean(this.client?.connected)
  }

  /** Connects and subscribes to the session topic; resolves once subscribed. A first connect failure rejects with 600009 (the client keeps retrying every 2 s until closed). */
  async open(): Promise<void> {
    const { token, userId, deviceType } = this.deps.session()
    if (!token || !userId) throw errors.noLogin()
    const topic = sessionTopic(this.deps.appId, deviceType, userId)
    if (this.client && this.topic === topic) return this.opening
    if (this.client) await this.close()
    this.topic = topic
    this.opening = this.connect(topic, token)
    return this.opening
  }

  private async connect(topic: string, token: string): Promise<void> {
    let connect: MqttConnect
    try {
      connect = await this.deps.loadMqtt()
    } catch {
      throw errors.socketConnect()
    }
    if (this.topic !== topic) return // closed while mqtt.js loaded
    const client = connect(this.deps.url, {
      clientId: `habor_${newNonce().slice(0, 16)}`,
      keepalive: LIVE_KEEPALIVE_S,
      reconnectPeriod: LIVE_RECONNECT_MS,
      connectTimeout: LIVE_CONNECT_TIMEOUT_MS,
      clean: true,
      username: LIVE_USERNAME,
      password: token,
    })
    this.client = client

    // The broker drops a connection whose token expired: refresh before the next attempt, which reads the
    // current token. At most once per token, so a broker that keeps refusing cannot make us rotate every 2 s.
    let refreshedFor = ''
    const refreshIfStale = (force: boolean) => {
      const current = this.deps.session().token
      if (current && current !== refreshedFor && (force || tokenExpired(current, Date.now()))) {
        refreshedFor = current
        this.deps.refresh(current).catch((e: unknown) => this.deps.onError(e as Error))
      }
    }
    client.on('reconnect', () => {
      client.options.password = this.deps.session().token
    })
    client.on('close', () => refreshIfStale(false))
    client.on('message', (t, payload) => {
      // mqtt.js hands a Buffer (a Uint8Array); decode it rather than trusting a Buffer polyfill's toString.
      if (t !== this.topic) return
      const text = new TextDecoder().decode(payload)
      const m = parseLiveMessage(text)
      if (m?.type === 'logged-in-elsewhere') this.kicked()
      else if (this.kickTimer === undefined) {
        if (m?.type === 'notified') this.deps.onNotified?.(m)
        if (m?.type === 'account-changed') this.deps.onAccountChanged?.()
        if (this.listeners.size > 0 && text.startsWith('{')) this.hear(text)
      }
    })

    await new Promise<void>((resolve, reject) => {
      let settled = false
      const fail = () => {
        if (settled) return
        settled = true
        reject(errors.socketConnect())
      }
      client.on('error', (e: Error & { code?: unknown }) => {
        if (typeof e.code === 'number' && AUTH_REFUSED.has(e.code)) refreshIfStale(true)
        if (!settled) fail()
        else this.deps.onError(e)
      })
      client.on('close', () => {
        if (!settled) fail()
      })
      client.on('connect', () => {
        // A channel whose first attempt failed counts as open again once a retry gets through.
        if (settled && this.client === client) this.opening = Promise.resolve()
        client.subscribe(topic, { qos: 1 }, (err) => {
          if (settled) {
            if (!err && this.client === client) this.deps.onResumed?.()
            return
          }
          settled = true
          if (err) reject(errors.socketConnect())
          else resolve()
        })
      })
    })
  }

  private hear(text: string): void {
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      return
    }
    for (const l of [...this.listeners]) l(raw)
  }

  private kicked(): void {
    if (this.kickTimer !== undefined) return
    this.deps.notify(this.deps.kickedText())
    this.kickTimer = setTimeout(() => {
      this.kickTimer = undefined
      void this.close()
      this.deps.onLoggedOut('kicked')
    }, KICK_LOGOUT_DELAY_MS)
  }

  /** Disconnects and stops reconnecting. */
  async close(): Promise<void> {
    const client = this.client
    this.client = undefined
    this.topic = ''
    this.opening = undefined
    if (!client) return
    await new Promise<void>((resolve) => client.end(true, {}, () => resolve()))
  }

  /** Sends on the open connection; 10002 when it is not open. */
  async publish(topic: string, payload: string): Promise<void> {
    const client = this.client
    if (!client?.connected) throw errors.socketSend()
    await client.publishAsync(topic, payload, { qos: 1 })
  }

  /** Opens when the session has a token and a user id, closes otherwise; never throws (call on every session change). */
  async sync(): Promise<void> {
    const { token, userId } = this.deps.session()
    try {
      if (token && userId) await this.open()
      else await this.close()
    } catch (e) {
      this.deps.onError(e as Error)
    }
  }
}
