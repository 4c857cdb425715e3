/**
 * Redis, when REDIS_URL joins this node to a cluster: one client for commands (rate limits, the dev
 * outbox, the broker's topic map, the live channel's registry, the roll of nodes), opened at start so an
 * unreachable Redis stops the boot with a clear message instead of failing the first requests.
 * `app.redis` and `app.nodes` are null on a single node. See docs/cluster.md.
 */
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { Clock } from '../clock'
import type { AccountChange } from '../services/sessionCache'

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null
    nodes: NodeRoll | null
  }
}

/** Every key this server writes starts with this, so one Redis can serve other programs too. */
export const REDIS_PREFIX = 'habor:'

/** The one Redis channel of account changes; channels are not per database, so it names the database. */
export const accountChannel = (redisUrl: string): string => `${REDIS_PREFIX}${new URL(redisUrl).pathname.slice(1) || '0'}/account-changed`

/**
 * Tells every node sharing Redis that what the sign-in check reads changed (services/sessionCache.ts):
 * ids only, never a token. Channels take no key prefix.
 */
export const publishChange = (redis: Redis, redisUrl: string, change: AccountChange): Promise<number> => redis.publish(accountChannel(redisUrl), JSON.stringify(change))

/** A client that gives up a command after a few seconds of lost connection instead of queueing it for ever. */
export function openRedis(url: string): Redis {
  return new Redis(url, { lazyConnect: true, keyPrefix: REDIS_PREFIX, maxRetriesPerRequest: 3, connectTimeout: 5000 })
}

/**
 * A connection for mqemitter-redis, which carries the live channel's messages between nodes. The package
 * closes its two connections with `quit()` and leaves the answer unhandled; ioredis rejects that answer
 * with "Connection is closed." when the socket closes before Redis's OK has been read, which a loaded
 * machine makes happen at SIGTERM, and Node ends a process on an unhandled rejection (the node then exits
 * 1 in the middle of a rolling restart). This connection's quit answer is handled here; the package still
 * waits for the connection's 'end' before it reports itself closed.
 */
export function pubSubConnection(url: string): Redis {
  const redis = new Redis(url)
  const quit = redis.quit.bind(redis) as () => Promise<'OK'>
  redis.quit = (() => {
    const answer = quit()
    answer.catch(() => undefined)
    return answer
  }) as Redis['quit']
  return redis
}

/** How long a node stays on the roll without renewing its lease, and how often it renews it. */
export const NODE_LEASE_MS = 30_000
export const NODE_RENEW_MS = 10_000

/**
 * The nodes sharing this Redis, for what a node counts alone against its share of a cluster-wide figure
 * (signed-in reads against the per-account limit: plugins/rateLimit.ts). Each node holds a lease in one
 * sorted set, scored by its expiry and renewed every NODE_RENEW_MS in the same round trip that reads the
 * count, so a stopped or crashed node leaves the count within NODE_LEASE_MS. Not on any request's path.
 */
export class NodeRoll {
  private known = 1
  private readonly id = crypto.randomUUID()

  constructor(
    private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  /** The nodes on the roll at the last renewal, this one included (at least 1). */
  count(): number {
    return this.known
  }

  /** Renews this node's lease and reads the roll; keeps the last count when Redis does not answer. */
  async renew(): Promise<number> {
    const now = this.clock()
    const answers = await this.redis.multi().zadd('nodes', now + NODE_LEASE_MS, this.id).zremrangebyscore('nodes', '-inf', now).zcard('nodes').exec()
    const n = Number(answers?.[2]?.[1])
    if (Number.isInteger(n) && n > 0) this.known = n
    return this.known
  }

  /** Off the roll at a graceful stop: the other nodes' shares grow at their next renewal. */
  async leave(): Promise<void> {
    await this.redis.zrem('nodes', this.id)
  }
}

export default fp(
  async (app) => {
    const url = app.config.redisUrl
    if (!url) {
      app.decorate('redis', null)
      app.decorate('nodes', null)
      return
    }
    const redis = openRedis(url)
    // ioredis reconnects by itself; a lost connection is logged, never thrown at a request's expense.
    redis.on('error', (err: Error) => app.log.warn({ err: err.message }, 'redis connection problem'))
    try {
      await redis.connect()
    } catch (e) {
      redis.disconnect()
      throw new Error(`REDIS_URL: Redis at ${new URL(url).host} is unreachable (${e instanceof Error ? e.message : String(e)})`)
    }
    app.decorate('redis', redis)
    const nodes = new NodeRoll(redis, app.config.clock)
    await nodes.renew()
    app.decorate('nodes', nodes)
    const renewal = setInterval(() => {
      nodes.renew().catch((err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'redis: node lease not renewed'))
    }, NODE_RENEW_MS)
    renewal.unref()
    app.addHook('onClose', async () => {
      clearInterval(renewal)
      await nodes.leave().catch(() => undefined)
      await redis.quit().catch(() => redis.disconnect())
    })
  },
  { name: 'redis' },
)

