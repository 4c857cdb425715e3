/**
 * The embedded MQTT broker (aedes) behind /mqtt. Its rules: CONNECT needs username 'token' and a live
 * access token; a client may subscribe to its own session topic only and publish nothing (not even a
 * will); a client id held by another account's open connection is refused; a connection ends when its
 * token expires, and the app reconnects with a refreshed one.
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { Aedes, type AuthenticateError, type AuthErrorCode, type Client } from 'aedes'
import type { Clock } from '../clock'
import { BROKER_USERNAME, KICK_PAYLOAD, maySubscribe, sessionTopic, topicOfClaims } from './acl'
import type { KickPublisher, LiveClaims } from './types'

export interface EmbeddedBrokerDeps {
  /** Resolves the claims of a live access token; rejects for a bad, expired or revoked one. */
  verify: (token: string) => Promise<LiveClaims>
  clock: Clock
}

interface Connection {
  userId: string
  topic: string
  expiry: ReturnType<typeof setTimeout>
}

/** setTimeout's ceiling (about 24.8 days); a longer token is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1

// Numeric CONNACK codes of MQTT 3.1.1 (aedes maps them for MQTT 5 clients).
const IDENTIFIER_REJECTED = 2 as AuthErrorCode
const BAD_USERNAME_OR_PASSWORD = 4 as AuthErrorCode
const NOT_AUTHORIZED = 5 as AuthErrorCode

const refusal = (message: string, returnCode: AuthErrorCode): AuthenticateError => Object.assign(new Error(message), { returnCode })

export class EmbeddedBroker implements KickPublisher {
  readonly mode = 'embedded'
  private readonly connections = new WeakMap<Client, Connection>()
  /** client id → the account and client holding it; an entry whose client has closed holds nothing. */
  private readonly holders = new Map<string, { userId: string; client: Client }>()

  private constructor(
    readonly aedes: Aedes,
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
  }

  static async create(deps: EmbeddedBrokerDeps): Promise<EmbeddedBroker> {
    // A socket that sends no CONNECT within 10 s is dropped; a silent client after 1.5 keepalives (aedes).
    return new EmbeddedBroker(await Aedes.createBroker({ connectTimeout: 10_000, maxClientsIdLength: 64 }), deps)
  }

  /** Serves one WebSocket (as a stream). */
  handle(stream: Duplex, req?: IncomingMessage): void {
    this.aedes.handle(stream, req)
  }

  /** Open, authenticated connections. */
  get connectedClients(): number {
    return this.aedes.connectedClients
  }

  publishKick(kick: { appId: string; deviceType: string; userId: string }): Promise<void> {
    const topic = sessionTopic(kick.appId, kick.deviceType, kick.userId)
    return new Promise((resolve, reject) => {
      this.aedes.publish({ cmd: 'publish', topic, payload: Buffer.from(KICK_PAYLOAD), qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve()))
    })
  }

  close(): Promise<void> {
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
    const held = this.holders.get(client.id)
    // The same account may take its own id over (a reconnect after a silent drop); another may not.
    if (held && held.client !== client && !held.client.closed && held.userId !== claims.sub) throw refusal('client id in use', IDENTIFIER_REJECTED)
    if (client.closed) return
    this.holders.set(client.id, { userId: claims.sub, client })
    const previous = this.connections.get(client)
    if (previous) clearTimeout(previous.expiry)
    this.connections.set(client, { userId: claims.sub, topic: topicOfClaims(claims), expiry: this.expireAt(client, claims.exp * 1000) })
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
    if (conn) clearTimeout(conn.expiry)
    this.connections.delete(client)
    if (this.holders.get(client.id)?.client === client) this.holders.delete(client.id)
  }
}
