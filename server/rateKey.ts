/**
 * Rate limits: whom a request is counted against, and the in-process counter store (a cluster's nodes
 * share Redis's instead, server/plugins/redis.ts). See docs/security.md ("Rate limits").
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { bearerOf } from './plugins/auth'

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
  return `ip:${req.ip}`
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
