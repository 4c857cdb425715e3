/**
 * Redis, when REDIS_URL joins this node to a cluster: one client for commands (rate limits, the dev
 * outbox, the broker's topic map, the live channel's registry), opened at start so an unreachable Redis
 * stops the boot with a clear message instead of failing the first requests. `app.redis` is null on a
 * single node. See docs/cluster.md.
 */
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'

declare module 'fastify' {
  interface FastifyInstance {
    redis: Redis | null
  }
}

/** Every key this server writes starts with this, so one Redis can serve other programs too. */
export const REDIS_PREFIX = 'habor:'

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

export default fp(
  async (app) => {
    const url = app.config.redisUrl
    if (!url) {
      app.decorate('redis', null)
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
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect())
    })
  },
  { name: 'redis' },
)

