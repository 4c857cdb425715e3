/**
 * Rate limits and per-address counting in one place (docs/security.md "Rate limits", "Addresses"): the
 * one function that turns a client's address into the key every per-address count uses (open
 * connections, live-channel sockets not signed in, SMS sends, rate limits), whom a request is counted
 * against, the in-process counter store, the Redis store a cluster's nodes share, and the options of
 * @fastify/rate-limit for the /api scope and the sign-in provider.
 */
import type { RateLimitPluginOptions, FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import { createRequire } from 'node:module'
import { isIP, type Socket } from 'node:net'
import { tooMany } from '../errors'
import { bearerOf } from './auth'

/**
 * The key an address is counted under. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, how a dual-stack
 * listener sees an IPv4 client) is its IPv4 address; any other IPv6 address counts as its /64, because
 * one subscriber (a phone on a mobile network, any VPS) is given a whole /64 and picks addresses in it
 * at will. Anything that is no address is its own key.
 */
export function addressKey(address: string): string {
  const plain = address.replace(/%.*$/, '')
  const kind = isIP(plain)
  if (kind === 4) return plain
  if (kind !== 6) return address
  const groups = hextets(plain)
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function hextets(address: string): number[] {
  let text = address.toLowerCase()
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const missing = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) => parseInt(g, 16))
}

/** The address each socket counts as, once per socket (the test hook is asked once per connection). */
const socketAddresses = new WeakMap<Socket, string>()

function hooked(app: FastifyInstance, socket: Socket): string | undefined {
  const hook = app.config.clientAddress
  if (!hook) return undefined
  let address = socketAddresses.get(socket)
  if (address === undefined) {
    address = hook(socket) ?? ''
    socketAddresses.set(socket, address)
  }
  return address || undefined
}

/** The key of a connection's peer, by its socket address (connection caps before any request is read). */
export function socketKey(app: FastifyInstance, socket: Socket): string {
  return addressKey(hooked(app, socket) ?? socket.remoteAddress ?? '')
}

/** The key of a request's client: its address, forwarded when a trusted proxy says so (TRUST_PROXY). */
export function clientKey(app: FastifyInstance, req: FastifyRequest): string {
  return addressKey(hooked(app, req.raw.socket) ?? req.ip)
}

/**
 * The signed-in account when the request carries a valid access token (its signature and expiry; no
 * database read), else the client address. A school's classroom shares one address, so its students'
 * signed-in calls must not share one counter; a call without a token (or with a forged one) is still
 * counted per address.
 */
export async function rateKey(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const token = bearerOf(req)
  if (token) {
    try {
      return `account:${(await app.sessions.verifyAccessToken(token)).sub}`
    } catch {
      // Not a token of ours (or expired): the address pays for it.
    }
  }
  return `ip:${clientKey(app, req)}`
}

/** How many keys one store keeps; the oldest window goes first when full. */
const KEYS = 20_000

/**
 * Fixed one-window counters per key, answering each request with its own count. (The plugin's own local
 * store answers every request with one shared object, so parallel requests that arrive together all read
 * the count of the last of them and all are refused once the last is over the limit.)
 */
export class LocalCounts implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; start: number }>()

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
    const window = timeWindow ?? 60_000
    const now = Date.now()
    let w = this.windows.get(key)
    if (!w || w.start + window <= now) {
      this.windows.delete(key)
      if (this.windows.size >= KEYS) this.windows.delete(this.windows.keys().next().value as string)
      w = { count: 0, start: now }
      this.windows.set(key, w)
    }
    w.count++
    callback(null, { current: w.count, ttl: w.start + window - now })
  }

  child(): FastifyRateLimitStore {
    return new LocalCounts()
  }
}

/** A store as the plugin calls it: with the window and the limit too (its typings leave them out). */
interface Counts {
  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number, max?: number): void
  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): Counts
}

/** The plugin's own Redis store (one Lua script per count); the package exports no path to it. */
type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key: string) => Counts
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore') as RedisStoreClass

/** Keys counted by this node alone, against its share of the limit (signed-in reads on a cluster's node). */
export const NODE_KEY = 'node:'

/**
 * A cluster node's counts: keys of NODE_KEY in this process, every other key in Redis (a limit spread over
 * the nodes counts as one). A signed-in read so costs no round trip to Redis (docs/cluster.md, "Fewer hops
 * per call").
 */
class SplitCounts implements Counts {
  constructor(
    private readonly local: Counts,
    private readonly shared: Counts,
  ) {}

  incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number, max?: number): void {
    if (key.startsWith(NODE_KEY)) this.local.incr(key, callback, timeWindow, max)
    else this.shared.incr(key, callback, timeWindow, max)
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): Counts {
    return new SplitCounts(this.local.child(routeOptions), this.shared.child(routeOptions))
  }
}

/** The class the plugin instantiates (`new Store(options)`), bound to this node's Redis. */
const splitStore = (redis: Redis) =>
  class extends SplitCounts {
    constructor() {
      // Our limits use neither continueExceeding nor exponentialBackoff.
      super(new LocalCounts(), new RedisStore(false, false, redis, 'rate:'))
    }
  }

/**
 * Where the counts live: on a cluster's node (REDIS_URL), Redis for everything but signed-in reads, which
 * this node counts against its share (a Redis outage lets requests through rather than failing them,
 * while the password window and SMS limits live in the database and still hold); else this process.
 */
function store(app: FastifyInstance): Partial<RateLimitPluginOptions> {
  return { store: (app.redis ? splitStore(app.redis) : LocalCounts) as unknown as RateLimitPluginOptions['store'], skipOnError: true }
}

/**
 * A cluster node's share of the per-account limit for signed-in reads: the limit over the nodes on the roll
 * (rounded up). nginx hands an account's calls to the nodes in turn, so the shares add up to the limit.
 */
export const accountShare = (limit: number, nodes: number): number => Math.ceil(limit / Math.max(1, nodes))

/** Reads: what a node may count alone. Writes of a signed-in account stay counted in Redis. */
const isRead = (req: FastifyRequest): boolean => req.method === 'GET' || req.method === 'HEAD'

/**
 * Every /api call: a signed-in call counts against its account (wherever it comes from), anything else
 * against its address. Routes of the sign-in steps set their own `max` (`limits.authPerMinute`).
 */
/** Which of the request limits counted a request: the sign-in calls' own, an account's, or an address's. */
export type RequestLimit = 'auth' | 'account' | 'api'

/**
 * The /api limits: a signed-in call counts against its account, anything else against its address.
 * `refused` hears which limit refused a request (for /metrics: the 429's envelope does not say).
 */
export function apiLimits(app: FastifyInstance, refused?: (req: FastifyRequest, limit: RequestLimit) => void): RateLimitPluginOptions {
  const o = app.config
  const countedBy = new WeakMap<FastifyRequest, RequestLimit>()
  return {
    global: true,
    keyGenerator: async (req) => {
      const key = await rateKey(app, req)
      const own = req.routeOptions.config.rateLimit
      countedBy.set(req, own ? 'auth' : key.startsWith('account:') ? 'account' : 'api')
      return app.nodes && !own && isRead(req) && key.startsWith('account:') ? `${NODE_KEY}${key}` : key
    },
    max: (_req, key) =>
      key.startsWith(NODE_KEY) ? accountShare(o.limits.accountPerMinute, app.nodes?.count() ?? 1) : key.startsWith('account:') ? o.limits.accountPerMinute : o.limits.apiPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (req, ctx) => {
      refused?.(req, countedBy.get(req) ?? 'api')
      return tooMany(ctx.ttl / 1000)
    },
    ...store(app),
  }
}

/** The embedded sign-in provider (/oidc): per address, like the sign-in calls. */
export function signInProviderLimits(app: FastifyInstance): RateLimitPluginOptions {
  return {
    max: app.config.limits.authPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req) => `ip:${clientKey(app, req)}`,
    errorResponseBuilder: (_req, ctx) => tooMany(ctx.ttl / 1000),
    ...store(app),
  }
}
