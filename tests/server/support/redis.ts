/**
 * The server suite's Redis database (TEST_REDIS_URL_SERVER, default database 13): whether it answers,
 * required under CI, and a flush around each test for the files that run nodes on it. Those files run one
 * at a time among themselves (vite.config.ts, project `server-redis`), since they share the database.
 */
import { Redis } from 'ioredis'
import { afterEach, beforeEach } from 'vitest'

export const TEST_REDIS = process.env.TEST_REDIS_URL_SERVER ?? 'redis://127.0.0.1:6379/13'

const ci = Boolean(process.env.CI && process.env.CI !== 'false')

/** A connection to the test database, or null when Redis does not answer (an error under CI). */
export async function testRedis(): Promise<Redis | null> {
  const admin = new Redis(TEST_REDIS, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 2000 })
  admin.on('error', () => undefined)
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  )
  if (reachable) return admin
  admin.disconnect()
  if (ci) throw new Error(`Redis at ${TEST_REDIS} is required under CI`)
  return null
}

/** Whether the test database answers; the connection used to ask is closed. */
export async function testRedisReachable(): Promise<boolean> {
  const admin = await testRedis()
  admin?.disconnect()
  return admin !== null
}

/** The test database, emptied before and after each test of the calling file; null when unreachable. */
export async function flushedTestRedis(): Promise<Redis | null> {
  const admin = await testRedis()
  beforeEach(async () => {
    await admin?.flushdb()
  })
  afterEach(async () => {
    await admin?.flushdb()
  })
  return admin
}
