/**
 * The live channel's socket: a WebSocket as the byte stream aedes reads, with what each connection may
 * cost bounded before aedes sees a byte (docs/security.md "The live channel's cost per connection").
 *
 * - Every packet is bounded by MAX_PACKET_BYTES, checked on its fixed header. One MQTT packet may span
 *   many WebSocket messages, and aedes's parser keeps every byte of a packet until its declared length
 *   (up to 256 MB) has arrived; the gate follows the packet boundaries of the byte stream.
 * - Packets are counted against a token bucket of the socket and, once it has signed in, one of its
 *   account on this node (never a Redis call per packet). Past either, the socket is closed.
 * - A SUBSCRIBE may carry at most MAX_FILTERS_PER_SUBSCRIBE filters (the app sends one).
 * - While the socket's outgoing buffer holds more than OUTGOING_BOUND_BYTES (a client that does not read
 *   what the server answers), the socket is not read: the client's packets wait in its own kernel
 *   buffers, and the server writes nothing more for them.
 * Each refusal closes the socket and is reported once through `onRefuse`, for the log.
 */
import { Duplex } from 'node:stream'
import type { RawData, WebSocket } from 'ws'
import type { Clock } from '../clock'

/**
 * The live channel's largest packet is a CONNECT carrying an access token (well under 2 KB); the rest are
 * SUBSCRIBE, PUBACK and PINGREQ of a few dozen bytes. Twice the CONNECT leaves room for a longer token.
 */
export const MAX_PACKET_BYTES = 4096
/** The app subscribes to its one session topic per SUBSCRIBE; a few leave room, hundreds are an attack. */
export const MAX_FILTERS_PER_SUBSCRIBE = 4
/**
 * Bytes the server may hold for a client that does not read before it stops reading that client. The
 * app's largest incoming message is a notice of a few hundred bytes; the kernel's own send buffer comes
 * before this one, so a client on a slow link never meets it.
 */
export const OUTGOING_BOUND_BYTES = 8 * 1024

/** A token bucket's size (the burst) and its refill. */
export interface Rate {
  burst: number
  perSecond: number
}
/**
 * Packets of one socket. The app sends CONNECT, SUBSCRIBE, a PINGREQ every 60 s and a PUBACK per kick:
 * three at a (re)connect, then about one a minute.
 */
export const SOCKET_RATE: Rate = { burst: 20, perSecond: 2 }
/** Packets of one account's sockets together on one node (at most ten sockets, MAX_CONNECTIONS_PER_ACCOUNT). */
export const ACCOUNT_RATE: Rate = { burst: 50, perSecond: 5 }

/** Close codes of RFC 6455: "message too big" and "policy violation". */
const TOO_BIG = 1009
const POLICY = 1008
/** A client that does not answer the close handshake is cut off after this. */
const CLOSE_WAIT_MS = 1000

/** Why a socket was closed. */
export type Refusal = 'packet too large' | 'malformed packet' | 'packet rate of the socket' | 'packet rate of the account' | 'too many filters in a SUBSCRIBE'

/** Tokens refilled continuously from `clock`; a take at an empty bucket is refused. */
export class TokenBucket {
  private tokens: number
  private at: number

  constructor(
    private readonly rate: Rate,
    private readonly clock: Clock,
  ) {
    this.tokens = rate.burst
    this.at = clock()
  }

  take(): boolean {
    this.refill()
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** Refilled to its burst: forgetting it changes nothing. */
  get full(): boolean {
    this.refill()
    return this.tokens >= this.rate.burst
  }

  private refill(): void {
    const now = this.clock()
    if (now > this.at) this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.at) / 1000) * this.rate.perSecond)
    this.at = now
  }
}

const CONNECT = 1
const SUBSCRIBE = 8

type State = { at: 'type' } | { at: 'length'; value: number; shift: number; bytes: number } | { at: 'body'; left: number; keep: number[] | null }

/**
 * Follows MQTT packet boundaries over arbitrary chunks. `check` answers null while every packet so far is
 * within bounds, else why not; `onPacket` is asked at each packet's first byte (the rate).
 */
export class PacketGate {
  private state: State = { at: 'type' }
  private type = 0
  /** MQTT 5 puts properties before a SUBSCRIBE's filters; read from the CONNECT. */
  private v5 = false

  constructor(
    private readonly max = MAX_PACKET_BYTES,
    private readonly maxFilters = MAX_FILTERS_PER_SUBSCRIBE,
    private readonly onPacket: () => Refusal | null = () => null,
  ) {}

  check(chunk: Uint8Array): Refusal | null {
    let i = 0
    while (i < chunk.length) {
      const s = this.state
      if (s.at === 'type') {
        this.type = chunk[i++]! >> 4
        const why = this.onPacket()
        if (why) return why
        this.state = { at: 'length', value: 0, shift: 0, bytes: 0 }
      } else if (s.at === 'length') {
        const b = chunk[i++]!
        s.value += (b & 0x7f) * 2 ** s.shift
        s.shift += 7
        s.bytes++
        if (s.value > this.max) return 'packet too large'
        if (b & 0x80) {
          // The remaining length has at most four bytes (MQTT 3.1.1 §2.2.3, 5.0 §2.1.4).
          if (s.bytes === 4) return 'malformed packet'
        } else if (s.value === 0) {
          this.state = { at: 'type' }
        } else {
          // Only a CONNECT's and a SUBSCRIBE's bytes are kept (at most MAX_PACKET_BYTES), to be counted.
          this.state = { at: 'body', left: s.value, keep: this.type === CONNECT || this.type === SUBSCRIBE ? [] : null }
        }
      } else {
        const take = Math.min(s.left, chunk.length - i)
        if (s.keep) for (let k = i; k < i + take; k++) s.keep.push(chunk[k]!)
        i += take
        s.left -= take
        if (s.left === 0) {
          this.state = { at: 'type' }
          const why = s.keep ? this.ended(s.keep) : null
          if (why) return why
        }
      }
    }
    return null
  }

  private ended(body: number[]): Refusal | null {
    if (this.type === CONNECT) {
      // Protocol name (length-prefixed), then the protocol level: 5 is MQTT 5.
      const nameLength = ((body[0] ?? 0) << 8) | (body[1] ?? 0)
      this.v5 = body[2 + nameLength] === 5
      return null
    }
    return filtersOf(body, this.v5) > this.maxFilters ? 'too many filters in a SUBSCRIBE' : null
  }
}

/** How many topic filters a SUBSCRIBE's body lists (a malformed rest is left to aedes to refuse). */
export function filtersOf(body: readonly number[], v5: boolean): number {
  let i = 2 // the packet identifier
  if (v5) {
    let length = 0
    let shift = 0
    for (let n = 0; n < 4 && i < body.length; n++) {
      const b = body[i++]!
      length += (b & 0x7f) * 2 ** shift
      shift += 7
      if (!(b & 0x80)) break
    }
    i += length
  }
  let count = 0
  while (i + 2 <= body.length) {
    i += 2 + ((body[i]! << 8) | body[i + 1]!) + 1 // the filter's length, the filter, its options byte
    count++
  }
  return count
}

function bytesOf(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data)
  return data instanceof ArrayBuffer ? Buffer.from(data) : data
}

export interface LiveSocketOptions {
  clock: Clock
  /** Told once, when the socket is closed for a refusal (the log). */
  onRefuse?: (why: Refusal, socket: LiveSocket) => void
  max?: number
  maxFilters?: number
  outgoingBound?: number
  rate?: Rate
}

/**
 * The WebSocket as the stream aedes reads and writes. It reads the WebSocket only while aedes takes what
 * it was given and the client takes what it is sent; every incoming message passes the gate first.
 */
export class LiveSocket extends Duplex {
  /** The account this socket signed in as (set by the broker); its bucket counts this socket's packets too. */
  account: string | null = null
  private accountBucket: TokenBucket | null = null
  private readonly own: TokenBucket
  private readonly gate: PacketGate
  private refused: Refusal | null = null
  /** aedes has not taken what was pushed (push answered false). */
  private full = false
  private readonly bound: number

  constructor(
    private readonly ws: WebSocket,
    private readonly options: LiveSocketOptions,
  ) {
    super({ allowHalfOpen: false })
    this.bound = options.outgoingBound ?? OUTGOING_BOUND_BYTES
    this.own = new TokenBucket(options.rate ?? SOCKET_RATE, options.clock)
    this.gate = new PacketGate(options.max, options.maxFilters, () => {
      if (!this.own.take()) return 'packet rate of the socket'
      if (this.accountBucket && !this.accountBucket.take()) return 'packet rate of the account'
      return null
    })
    ws.on('message', (data: RawData) => this.receive(bytesOf(data)))
    ws.once('error', (err) => this.destroy(err))
    ws.once('close', () => {
      if (!this.destroyed) this.push(null)
    })
  }

  /** Counts this socket's packets against its account's bucket too, from now on. */
  signedIn(account: string, bucket: TokenBucket): void {
    this.account = account
    this.accountBucket = bucket
  }

  /** Whether the WebSocket is not being read (tests watch it). */
  get readingPaused(): boolean {
    return this.ws.isPaused
  }

  /** What the server holds for this client and has not handed to the kernel yet. */
  get outgoingBytes(): number {
    return this.ws.bufferedAmount + this.writableLength
  }

  /**
   * aedes reads once per 'readable' with read(null) and expects every buffered byte, as Node up to 24
   * gives; Node 26 gives one buffered chunk, and a CONNECT sent in several WebSocket frames (mqtt.js sends
   * one per field) would wait for a 'readable' that never comes. A read without a size takes all of it.
   */
  override read(size?: number): Buffer | null {
    return super.read(size ?? (this.readableLength || undefined)) as Buffer | null
  }

  override _read(): void {
    this.full = false
    this.flow()
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.ws.send(chunk, (err) => {
      callback(err)
      this.flow()
    })
    this.flow()
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.ws.close()
    callback()
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // A close handshake under way (a refusal) ends by itself or by its timer.
    if (this.ws.readyState === this.ws.OPEN || this.ws.readyState === this.ws.CONNECTING) this.ws.terminate()
    callback(error)
  }

  private receive(bytes: Buffer): void {
    if (this.refused || this.destroyed) return
    const why = this.gate.check(bytes)
    if (why) return this.refuse(why)
    if (!this.push(bytes)) this.full = true
    this.flow()
  }

  /** Reads the WebSocket only while aedes takes what it gets and the client takes what it is sent. */
  private flow(): void {
    if (this.refused) return
    const hold = this.full || this.outgoingBytes > this.bound
    if (hold && !this.ws.isPaused) this.ws.pause()
    else if (!hold && this.ws.isPaused) this.ws.resume()
  }

  private refuse(why: Refusal): void {
    this.refused = why
    this.options.onRefuse?.(why, this)
    this.ws.close(why === 'packet too large' ? TOO_BIG : POLICY, why)
    // Nothing more is read: what the client keeps sending waits in its own buffers, not in ours.
    this.ws.pause()
    setTimeout(() => this.ws.terminate(), CLOSE_WAIT_MS).unref()
    this.destroy()
  }
}

/** The live socket of `socket` (the name the broker plugin and the tests use). */
export function gatedStream(socket: WebSocket, options: Partial<LiveSocketOptions> = {}): LiveSocket {
  return new LiveSocket(socket, { clock: Date.now, ...options })
}
