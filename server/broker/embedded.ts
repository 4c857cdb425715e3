/**
 * The embedded MQTT broker (aedes) behind /mqtt. Its rules: CONNECT needs username 'token' and a live
 * access token; a client may subscribe to its own session topic only and publish nothing (not even a
 * will); a client id held by another account's open connection is refused, and so is a client id longer
 * than MAX_CLIENT_ID in any MQTT version; an account holds at most MAX_CONNECTIONS_PER_ACCOUNT connections.
 * A connection ends when its token expires (the app reconnects with a refreshed one), when its session
 * ends (logout, password change, deletion), and after a kick once the 'logout' message has been
 * acknowledged (or KICK_ACK_WAIT_MS has passed), so the old terminal still shows why it was signed out.
 *
 * On several nodes (docs/cluster.md) aedes runs on a Redis emitter, so a message published on one node
 * reaches subscribers on every node; kicks and session ends travel as control messages on the same
 * emitter, so the node holding a connection closes it; and the client-id rule and the connection cap are
 * checked in the shared registry.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { randomUUID } from 'node:crypto'
import mqemitter, { type MQEmitter } from 'mqemitter'
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client, type PublishPacket, type PubrelPacket } from 'aedes'
import type { Clock } from '../clock'
import { BROKER_USERNAME, KICK_PAYLOAD, maySubscribe, sessionTopic, topicOfClaims } from './acl'
import { ACCOUNT_RATE, LiveSocket, TokenBucket } from './packet-gate'
import { RENEW_EVERY_MS, type LiveEntry, type LiveRegistry } from './registry'
import type { KickPublisher, LiveClaims } from './types'


export interface EmbeddedBrokerDeps {
  /** Resolves the claims of a live access token; rejects for a bad, expired or revoked one. */
  verify: (token: string) => Promise<LiveClaims>
  clock: Clock
  /** aedes's message emitter, shared by the nodes of a cluster (mqemitter-redis); unset = this process only. */
  mq?: MQEmitter
  registry?: LiveRegistry
}

/**
 * Kicks and session ends for every node. A `$` topic: no client filter matches it, and clients may
 * subscribe to their own session topic only anyway.
 */
export const CONTROL_TOPIC = '$habor/live'
export type Control = { op: 'kick' | 'end'; sessionId: string }

interface Connection {
  userId: string
  sessionId: string
  topic: string
  expiry: ReturnType<typeof setTimeout>
  entry: LiveEntry
}

export const MAX_CLIENT_ID = 64
/** Tabs and devices of one student; far above what one uses, far below what fills a server. */
export const MAX_CONNECTIONS_PER_ACCOUNT = 10
export const KICK_ACK_WAIT_MS = 5000
/**
 * Sockets of one client address that have not signed in yet (no accepted CONNECT). A CONNECT is answered
 * within a round trip, so even a classroom reconnecting at once behind one school NAT holds few of these
 * at a time; without a bound, one machine could open sockets until the process runs out of descriptors.
 */
export const MAX_UNAUTHENTICATED_PER_ADDRESS = 64

/** setTimeout's ceiling (about 24.8 days); a longer token is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1

// Numeric CONNACK codes of MQTT 3.1.1 (aedes maps them for MQTT 5 clients).
const IDENTIFIER_REJECTED = 2 as AuthErrorCode
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode
const NOT_AUTHORIZED = 5 as AuthErrorCode

const refusal = (message: string, returnCode: AuthErrorCode): AuthenticateError => Object.assign(new Error(message), { returnCode })

export class EmbeddedBroker implements KickPublisher {
  readonly mode = 'embedded'
  private readonly connections = new Map<Client, Connection>()
  private readonly renewal: ReturnType<typeof setInterval> | undefined
  private readonly bucketSweep: ReturnType<typeof setInterval>
  /** client id → the account and client holding it; an entry whose client has closed holds nothing. */
  private readonly holders = new Map<string, { userId: string; client: Client }>()
  /** Open connections by session and by account. */
  private readonly bySession = new Map<string, Set<Client>>()
  private readonly byUser = new Map<string, Set<Client>>()
  /** Sockets not signed in yet, by client address; and how each one gives its place back. */
  private readonly unauthenticated = new Map<string, number>()
  private readonly release = new WeakMap<Client, () => void>()
  /**
   * Each account's packet bucket on this node, shared by its sockets (server/broker/packet-gate.ts). Kept
   * after its last socket closes until it has refilled, so closing and reopening buys no packets.
   */
  private readonly buckets = new Map<string, TokenBucket>()

  private constructor(
    readonly aedes: Aedes,
    private readonly mq: MQEmitter,
    private readonly deps: EmbeddedBrokerDeps,
  ) {
    aedes.authenticate = (client, username, password, done) => {
      this.authenticate(client, username, password).then(
        () => done(null, true),
        (e: unknown) => done(e instanceof Error && 'returnCode' in e ? (e as AuthenticateError) : refusal('not authorized', NOT_AUTHORIZED), false),
      )
    }
    // A will is a publish by the client: refused at CONNECT (the connection closes without a CONNACK).
    aedes.preConnect = (_client, packet, done) => (packet.will ? done(new Error('a will is a publish, and clients publish nothing'), false) : done(null, true))
    aedes.authorizeSubscribe = (client, sub, done) => {
      const conn = this.connections.get(client)
      // A refused filter is negated (SUBACK 128); the connection stays up.
      done(null, conn && maySubscribe(conn.topic, sub.topic) ? sub : null)
    }
    // Clients publish nothing; aedes closes a connection whose publish (or will) is refused.
    aedes.authorizePublish = (_client, _packet, done) => done(new Error('publishing is not allowed'))
    aedes.on('clientDisconnect', (client) => this.forget(client))
    aedes.on('connectionError', (client) => this.forget(client))
    const registry = deps.registry
    if (registry) {
      this.renewal = setInterval(() => {
        registry.renew([...this.connections.values()].map((c) => c.entry)).catch(() => undefined)
      }, RENEW_EVERY_MS)
      this.renewal.unref()
    }
    this.bucketSweep = setInterval(() => this.sweepBuckets(), 60_000)
    this.bucketSweep.unref()
  }

  /** The packet bucket of `userId`'s sockets on this node. */
  private bucketOf(userId: string): TokenBucket {
    let bucket = this.buckets.get(userId)
    if (!bucket) {
      bucket = new TokenBucket(ACCOUNT_RATE, this.deps.clock)
      this.buckets.set(userId, bucket)
    }
    return bucket
  }

  private sweepBuckets(): void {
    for (const [userId, bucket] of this.buckets) if (!this.byUser.has(userId) && bucket.full) this.buckets.delete(userId)
  }

  static async create(deps: EmbeddedBrokerDeps): Promise<EmbeddedBroker> {
    // A socket that sends no CONNECT within 10 s is dropped; a silent client after 1.5 keepalives (aedes).
    const mq = deps.mq ?? mqemitter()
    const aedes = await Aedes.createBroker({ connectTimeout: 10_000, maxClientsIdLength: MAX_CLIENT_ID, mq })
    const broker = new EmbeddedBroker(aedes, mq, deps)
    await new Promise<void>((resolve) =>
      mq.on(
        CONTROL_TOPIC,
        (packet, cb) => {
          broker.onControl(packet.payload)
          cb()
        },
        () => resolve(),
      ),
    )
    return broker
  }

  /**
   * Serves one WebSocket (as a stream) from `address` (the client's, forwarded when a trusted proxy says
   * so). Refused (the stream destroyed, false) when that address already holds
   * MAX_UNAUTHENTICATED_PER_ADDRESS sockets that have not signed in.
   */
  handle(stream: Duplex, req?: IncomingMessage, address = req?.socket.remoteAddress ?? ''): boolean {
    const held = this.unauthenticated.get(address) ?? 0
    if (held >= MAX_UNAUTHENTICATED_PER_ADDRESS) {
      stream.destroy()
      return false
    }
    this.unauthenticated.set(address, held + 1)
    let released = false
    const giveBack = () => {
      if (released) return
      released = true
      const n = (this.unauthenticated.get(address) ?? 1) - 1
      if (n > 0) this.unauthenticated.set(address, n)
      else this.unauthenticated.delete(address)
    }
    stream.once('close', giveBack)
    const client = this.aedes.handle(stream, req)
    this.release.set(client, giveBack)
    return true
  }

  /** Sockets of `address` that have not signed in (tests). */
  unauthenticatedFrom(address: string): number {
    return this.unauthenticated.get(address) ?? 0
  }

  /** Open, authenticated connections. */
  get connectedClients(): number {
    return this.aedes.connectedClients
  }

  async publishKick(kick: { appId: string; deviceType: string; userId: string; sessionId?: string }): Promise<void> {
    // The node holding the replaced session's connections learns first, so it is listening for the
    // acknowledgement before the 'logout' arrives (one emitter keeps the two in order).
    if (kick.sessionId) await this.emit({ op: 'kick', sessionId: kick.sessionId })
    const topic = sessionTopic(kick.appId, kick.deviceType, kick.userId)
    await new Promise<void>((resolve, reject) => {
      this.aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(KICK_PAYLOAD), qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve()))
    })
  }

  async publishNotice(topic: string, payload: string): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain: false, dup: false }, (err) => (err ? reject(err) : resolve()))
    })
  }

  endSession(sessionId: string): void {
    this.emit({ op: 'end', sessionId }).catch(() => undefined)
  }

  /**
   * Closes this node's connections whose session is no longer live by `stillLive` (which gets the sessions
   * and answers with those still live). An ended session's connection normally closes at once, by the
   * control message of the node that ended it; this catches what no node ended: the operator's command
   * line disabling an account from its own process (docs/cluster.md, "Disabling an account").
   * Returns how many connections it closed.
   */
  async sweep(stillLive: (sessionIds: string[]) => Promise<Set<string>>): Promise<number> {
    const sessions = [...this.bySession.keys()]
    if (sessions.length === 0) return 0
    const live = await stillLive(sessions)
    let closed = 0
    for (const id of sessions) {
      if (live.has(id)) continue
      for (const client of [...(this.bySession.get(id) ?? [])]) {
        client.close()
        closed++
      }
    }
    return closed
  }

  /** Tells every node's live clients to reconnect (this node is going away; they come back through another). */
  disconnectAll(): void {
    for (const client of [...this.connections.keys()]) client.close()
  }

  private emit(control: Control): Promise<void> {
    return new Promise((resolve, reject) => this.mq.emit({ topic: CONTROL_TOPIC, payload: JSON.stringify(control) }, (err?: Error) => (err ? reject(err) : resolve())))
  }

  private onControl(payload: unknown): void {
    let control: Control
    try {
      control = JSON.parse(typeof payload === 'string' ? payload : String(payload)) as Control
    } catch {
      return
    }
    const clients = [...(this.bySession.get(control.sessionId) ?? [])]
    if (control.op === 'end') {
      for (const client of clients) client.close()
      return
    }
    // Each kicked connection closes once it acknowledged the 'logout' (QoS 1), or after a bound.
    for (const client of clients) {
      const done = () => {
        clearTimeout(timer)
        this.aedes.off('ack', onAck)
        client.close()
      }
      // The kick is the only QoS 1 message a client ever gets (it subscribes to its own topic and nothing is
      // published there but kicks), and the memory persistence does not hand the acknowledged packet back.
      const onAck = (_packet: PublishPacket | PubrelPacket | undefined, by: Client) => {
        if (by === client) done()
      }
      const timer = setTimeout(done, KICK_ACK_WAIT_MS)
      timer.unref()
      this.aedes.on('ack', onAck)
    }
  }

  close(): Promise<void> {
    clearInterval(this.renewal)
    clearInterval(this.bucketSweep)
    return new Promise((resolve) => this.aedes.close(() => resolve()))
  }

  private async authenticate(client: Client, username: string | undefined, password: Buffer | undefined): Promise<void> {
    if (username !== BROKER_USERNAME || !password?.length) throw refusal('username must be "token" and the password an access token', BAD_USERNAME_OR_PASSWORD)
    let claims: LiveClaims
    try {
      claims = await this.deps.verify(password.toString('utf8'))
    } catch {
      throw refusal('access token invalid, expired or revoked', BAD_USERNAME_OR_PASSWORD)
    }
    if (client.id.length > MAX_CLIENT_ID) throw refusal(`client id longer than ${MAX_CLIENT_ID}`, IDENTIFIER_REJECTED)
    const open = this.byUser.get(claims.sub)
    if (open && open.size >= MAX_CONNECTIONS_PER_ACCOUNT && !open.has(client)) throw refusal('too many live connections for this account', NOT_AUTHORIZED)
    const held = this.holders.get(client.id)
    // The same account may take its own id over (a reconnect after a silent drop); another may not.
    if (held && held.client !== client && !held.client.closed && held.userId !== claims.sub) throw refusal('client id in use', IDENTIFIER_REJECTED)
    const entry: LiveEntry = { clientId: client.id, userId: claims.sub, connKey: randomUUID() }
    const registry = this.deps.registry
    if (registry) {
      const admission = await registry.admit(entry, MAX_CONNECTIONS_PER_ACCOUNT)
      if (admission === 'id-in-use') throw refusal('client id in use', IDENTIFIER_REJECTED)
      if (admission === 'too-many') throw refusal('too many live connections for this account', NOT_AUTHORIZED)
    }
    if (client.closed) {
      registry?.release(entry).catch(() => undefined)
      return
    }
    const previous = this.connections.get(client)
    if (previous) this.forget(client)
    this.connections.set(client, { userId: claims.sub, sessionId: claims.sid, topic: topicOfClaims(claims), expiry: this.expireAt(client, claims.exp * 1000), entry })
    this.holders.set(client.id, { userId: claims.sub, client })
    addTo(this.bySession, claims.sid, client)
    addTo(this.byUser, claims.sub, client)
    if (client.conn instanceof LiveSocket) client.conn.signedIn(claims.sub, this.bucketOf(claims.sub))
    this.release.get(client)?.()
  }

  /** Closes the connection when its token expires; the app refreshes and reconnects. */
  private expireAt(client: Client, expMs: number): ReturnType<typeof setTimeout> {
    const wait = Math.max(0, expMs - this.deps.clock())
    const timer = setTimeout(() => {
      if (wait >= MAX_TIMER_MS) {
        const conn = this.connections.get(client)
        if (conn) conn.expiry = this.expireAt(client, expMs)
        return
      }
      client.close()
    }, Math.min(wait, MAX_TIMER_MS))
    timer.unref()
    return timer
  }

  private forget(client: Client): void {
    const conn = this.connections.get(client)
    if (conn) {
      clearTimeout(conn.expiry)
      removeFrom(this.bySession, conn.sessionId, client)
      removeFrom(this.byUser, conn.userId, client)
      this.deps.registry?.release(conn.entry).catch(() => undefined)
    }
    this.connections.delete(client)
    if (this.holders.get(client.id)?.client === client) this.holders.delete(client.id)
  }
}

function addTo<K>(index: Map<K, Set<Client>>, key: K, client: Client): void {
  const set = index.get(key) ?? new Set<Client>()
  set.add(client)
  index.set(key, set)
}

function removeFrom<K>(index: Map<K, Set<Client>>, key: K, client: Client): void {
  const set = index.get(key)
  if (!set) return
  set.delete(client)
  if (set.size === 0) index.delete(key)
}
