/**
 * Who holds which live connection, across every node of a cluster: the client-id rule (an id held by
 * another account's open connection is refused) and the per-account connection cap must hold however
 * the connections are spread over nodes. Each connection is an entry with a lease that its node renews;
 * a node that dies stops renewing, and its entries lapse after LEASE_MS. Each check-and-claim is one Redis
 * script, so two nodes admitting at once cannot both take the last place. See docs/cluster.md.
 */
import type { Redis } from 'ioredis'

export interface LiveEntry {
  clientId: string
  userId: string
  /** This connection, unique across nodes. */
  connKey: string
}

export type Admission = 'ok' | 'id-in-use' | 'too-many'

export interface LiveRegistry {
  admit(entry: LiveEntry, max: number): Promise<Admission>
  release(entry: LiveEntry): Promise<void>
  /** Renews the leases of a node's open connections. */
  renew(entries: readonly LiveEntry[]): Promise<void>
}

/** How long an entry outlives its node's last renewal; renewals come every third of it. */
export const LEASE_MS = 60_000
export const RENEW_EVERY_MS = LEASE_MS / 3

// KEYS: client id key, account set. ARGV: user id, conn key, now, lease, max.
const ADMIT = `
local held = redis.call('GET', KEYS[1])
if held then
  local uid = string.sub(held, 1, string.find(held, '|', 1, true) - 1)
  if uid ~= ARGV[1] then return 'id-in-use' end
end
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if not redis.call('ZSCORE', KEYS[2], ARGV[2]) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 'too-many' end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'PX', ARGV[4])
redis.call('ZADD', KEYS[2], tonumber(ARGV[3]) + tonumber(ARGV[4]), ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 'ok'`

// KEYS: client id key, account set. ARGV: holder value, conn key, now, lease (0 = release).
const RENEW_OR_RELEASE = `
local mine = redis.call('GET', KEYS[1]) == ARGV[1]
if tonumber(ARGV[4]) == 0 then
  if mine then redis.call('DEL', KEYS[1]) end
  redis.call('ZREM', KEYS[2], ARGV[2])
  return 0
end
if mine then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
redis.call('ZADD', KEYS[2], 'XX', tonumber(ARGV[3]) + tonumber(ARGV[4]), ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return 1`

const keys = (e: LiveEntry): [string, string] => [`live:client:${e.clientId}`, `live:account:${e.userId}`]

export class RedisLiveRegistry implements LiveRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly clock: () => number = Date.now,
  ) {}

  async admit(e: LiveEntry, max: number): Promise<Admission> {
    return (await this.redis.eval(ADMIT, 2, ...keys(e), e.userId, e.connKey, this.clock(), LEASE_MS, max)) as Admission
  }

  async release(e: LiveEntry): Promise<void> {
    await this.redis.eval(RENEW_OR_RELEASE, 2, ...keys(e), `${e.userId}|${e.connKey}`, e.connKey, this.clock(), 0)
  }

  async renew(entries: readonly LiveEntry[]): Promise<void> {
    if (!entries.length) return
    const now = this.clock()
    const batch = this.redis.pipeline()
    for (const e of entries) batch.eval(RENEW_OR_RELEASE, 2, ...keys(e), `${e.userId}|${e.connKey}`, e.connKey, now, LEASE_MS)
    await batch.exec()
  }
}
