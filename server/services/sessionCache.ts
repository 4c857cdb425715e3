/**
 * A node's own copy of what the sign-in check reads (docs/cluster.md, "The sign-in check's cache"): the
 * session with its account, profile, memberships, class and consent (`sessionAccount`), and the bare
 * liveness row, keyed by session id. Only on nodes that share Redis: there each read is a PostgreSQL
 * round trip, while on one SQLite process it costs microseconds and nothing is cached.
 *
 * Kept correct by invalidation, not by time: every write that changes what the check loads announces an
 * `AccountChange` (ids only) after its commit; the writing node drops its entries at once, and every
 * node drops them when the change arrives over Redis. While this node's subscriber is not connected it
 * caches nothing (a change could be missed), and the TTL is only a backstop.
 */
import type { Clock } from '../clock'

/** What changed, by id: sessions (ended), accounts (users), profiles (students), or everything (an org). */
export interface AccountChange {
  sessions?: readonly string[]
  users?: readonly string[]
  students?: readonly string[]
  all?: boolean
  /** The node that announced it (it dropped its own copy already). */
  by?: string
}

/** Reads the change's payload (JSON); null for anything else, which the caller treats as `all`. */
export function parseChange(text: string): AccountChange | null {
  try {
    const v = JSON.parse(text) as unknown
    if (!v || typeof v !== 'object') return null
    const o = v as Record<string, unknown>
    const ids = (x: unknown): string[] | undefined => (Array.isArray(x) && x.every((s) => typeof s === 'string') ? (x as string[]) : undefined)
    return { sessions: ids(o.sessions), users: ids(o.users), students: ids(o.students), all: o.all === true, by: typeof o.by === 'string' ? o.by : undefined }
  } catch {
    return null
  }
}

export interface SessionCacheOptions {
  /** Most entries (oldest used forgotten first). */
  max: number
  /** An entry older than this is read again; 0 turns the cache off. */
  ttlMs: number
  clock: Clock
}

interface Entry {
  value: unknown
  at: number
  user: string
  student: string | null
}

/** What the index needs from a row: whose it is. */
export interface Owner {
  user: string
  student: string | null
}

export class SessionCache {
  /** `a:<sid>` (the account) and `l:<sid>` (liveness), in order of last use. */
  private readonly entries = new Map<string, Entry>()
  private readonly byUser = new Map<string, Set<string>>()
  private readonly userOfStudent = new Map<string, string>()
  /** Bumped by every drop: a read that began before a drop is not kept (it may carry the old row). */
  private epoch = 0
  private connected = false
  hits = 0
  misses = 0
  /** This node, in the changes it announces. */
  readonly node = crypto.randomUUID()
  /** The Redis client name of this node's subscriber. */
  readonly subscriberName = `habor-account-changes-${this.node.slice(0, 8)}`

  constructor(private readonly o: SessionCacheOptions) {}

  /** Whether entries are served: only while changes can be heard. */
  get serving(): boolean {
    return this.connected && this.o.ttlMs > 0
  }

  /** The subscriber's state; either way the entries go, since changes may have been missed meanwhile. */
  setConnected(on: boolean): void {
    this.connected = on
    this.clear()
  }

  get size(): number {
    return this.entries.size
  }

  /**
   * The cached row for `key`, else `load()`'s, kept when `keep(row)` says which account it belongs to
   * (undefined: not kept, e.g. an ended session or an unknown id).
   */
  async read<T>(kind: 'a' | 'l', sessionId: string, load: () => Promise<T>, keep: (row: T) => Owner | undefined): Promise<T> {
    if (!this.serving) return load()
    const key = `${kind}:${sessionId}`
    const hit = this.entries.get(key)
    if (hit) {
      if (this.o.clock() - hit.at < this.o.ttlMs) {
        this.entries.delete(key)
        this.entries.set(key, hit)
        this.hits++
        return hit.value as T
      }
      this.remove(key)
    }
    this.misses++
    const epoch = this.epoch
    const at = this.o.clock()
    const row = await load()
    const owner = keep(row)
    if (owner && epoch === this.epoch && this.serving) this.put(key, { value: row, at, ...owner })
    return row
  }

  /** Forgets whatever the change touches (on this node). */
  drop(change: AccountChange): void {
    this.epoch++
    if (change.all) return this.clear()
    for (const sid of change.sessions ?? []) {
      this.remove(`a:${sid}`)
      this.remove(`l:${sid}`)
    }
    const users = [...(change.users ?? [])]
    for (const s of change.students ?? []) {
      const u = this.userOfStudent.get(s)
      if (u) users.push(u)
    }
    for (const u of users) for (const key of [...(this.byUser.get(u) ?? [])]) this.remove(key)
  }

  clear(): void {
    this.epoch++
    this.entries.clear()
    this.byUser.clear()
    this.userOfStudent.clear()
  }

  private put(key: string, e: Entry): void {
    this.remove(key)
    while (this.entries.size >= this.o.max) this.remove(this.entries.keys().next().value as string)
    this.entries.set(key, e)
    let keys = this.byUser.get(e.user)
    if (!keys) this.byUser.set(e.user, (keys = new Set()))
    keys.add(key)
    if (e.student) this.userOfStudent.set(e.student, e.user)
  }

  private remove(key: string): void {
    const e = this.entries.get(key)
    if (!e) return
    this.entries.delete(key)
    const keys = this.byUser.get(e.user)
    keys?.delete(key)
    if (keys && keys.size === 0) {
      this.byUser.delete(e.user)
      if (e.student) this.userOfStudent.delete(e.student)
    }
  }
}
