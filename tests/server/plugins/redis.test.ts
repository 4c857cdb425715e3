/**
 * The Redis connections of a node that joins a cluster (server/plugins/redis.ts, docs/cluster.md). Uses
 * Redis database 13 (TEST_REDIS_URL_SERVER) and writes nothing.
 */
import { once } from 'node:events'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it } from 'vitest'
import { pubSubConnection } from '../../../server/plugins/redis'
import { testRedisReachable, TEST_REDIS } from '../support/redis'

const REDIS = TEST_REDIS
const reachable = await testRedisReachable()

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
  unhandled.length = 0
})

/** A quit whose connection closes before Redis's OK is read, as a loaded machine makes it at SIGTERM. */
async function quitCutShort(conn: Redis): Promise<{ answer: Promise<'OK'> }> {
  await once(conn, 'ready')
  const ended = once(conn, 'end')
  const answer = conn.quit()
  conn.stream.destroy()
  await ended
  return { answer }
}

describe.skipIf(!reachable)('the live channel’s pub/sub connections', () => {
  it('a plain connection’s quit cut short rejects with "Connection is closed."', async () => {
    const { answer } = await quitCutShort(new Redis(REDIS))
    await expect(answer).rejects.toThrow('Connection is closed.')
  })

  it('a pub/sub connection’s quit cut short, its answer left unhandled as mqemitter-redis leaves it, is no unhandled rejection', async () => {
    process.on('unhandledRejection', onUnhandled)
    await quitCutShort(pubSubConnection(REDIS))
    // Node reports an unhandled rejection after the microtasks of the turn that rejected it.
    await new Promise((resolve) => setImmediate(resolve))
    await new Promise((resolve) => setImmediate(resolve))
    expect(unhandled).toEqual([])
  })
})
