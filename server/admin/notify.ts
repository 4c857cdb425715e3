/**
 * Tells the running nodes that sessions ended in the operator's command line, a separate process: with
 * REDIS_URL set (several nodes, docs/cluster.md), an 'end' control message per session on the live
 * channel's shared emitter, the one a node's own logout sends, so each node closes the connections it holds
 * at once. Without Redis nothing is sent: the single node's sweep (LIVE_SWEEP_MS, server/plugins/broker.ts)
 * closes them, and every call of those sessions is refused from the moment the database says so.
 */
import type { Redis } from 'ioredis'
import type { MQEmitter } from 'mqemitter'
import mqemitterRedis from 'mqemitter-redis'
import { CONTROL_TOPIC, type Control } from '../broker/embedded'
import { pubSubConnection, publishChange, REDIS_PREFIX } from '../plugins/redis'
import type { AccountChange } from '../services/sessionCache'

const { MQEmitterRedisPrefix } = mqemitterRedis as unknown as { MQEmitterRedisPrefix: new (prefix: string, options: { subConn: Redis; pubConn: Redis }) => MQEmitter & { state: NodeJS.EventEmitter } }

/** Publishes an 'end' for each session; resolves once Redis has taken them all. */
export async function announceEnded(redisUrl: string, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return
  // The same channel name as the nodes' (server/plugins/broker.ts): the prefix names the Redis database.
  const db = new URL(redisUrl).pathname.slice(1) || '0'
  const mq = new MQEmitterRedisPrefix(`${REDIS_PREFIX}${db}/`, { subConn: pubSubConnection(redisUrl), pubConn: pubSubConnection(redisUrl) })
  try {
    for (const sessionId of sessionIds) {
      const control: Control = { op: 'end', sessionId }
      await new Promise<void>((resolve, reject) => mq.emit({ topic: CONTROL_TOPIC, payload: JSON.stringify(control) }, (err?: Error) => (err ? reject(err) : resolve())))
    }
  } finally {
    await new Promise<void>((resolve) => mq.close(() => resolve()))
  }
}

/**
 * Tells the running nodes that what their sign-in checks read changed (a disabled account, an imported
 * roster): each forgets its copy (docs/cluster.md "The sign-in check's cache"). Resolves once Redis took it.
 */
export async function announceChange(redisUrl: string, change: AccountChange): Promise<void> {
  const redis = pubSubConnection(redisUrl)
  try {
    await publishChange(redis, redisUrl, change)
  } finally {
    await redis.quit().catch(() => redis.disconnect())
  }
}
