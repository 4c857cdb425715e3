/**
 * The offline copy (docs/offline.md "Reading"): the last answer of each page a student has opened, kept
 * per account in IndexedDB (`habor-offline` / `copies`, through idb-keyval) so that the page reads offline,
 * marked with when it was seen. This module is its one owner: pages go through useResource's `remember`,
 * other readers (such as the daily open) through `readCopy`.
 *
 * - **Per account:** every entry is keyed and stamped with the account (user id) that saw it, and is read
 *   back only for that account; nothing of one account ever shows to another. Logout clears the account's
 *   entries (`clearCopies`).
 * - **Versioned:** each entry carries `COPY_SCHEMA`; an entry of another version reads as nothing.
 * - **Never trusted:** what is read back is checked (the envelope here, the data by the caller's guard);
 *   anything that fails reads as "never seen", and a broken or blocked IndexedDB does too.
 * - **Bounded:** an answer larger than `MAX_COPY_CHARS` (as JSON) is not kept, and each account keeps its
 *   `MAX_COPIES` most recently seen pages. Each answer rewrites only its own entry.
 */
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { isRecord } from '../../contract/guards'

export const COPY_SCHEMA = 1
/** Pages kept per account; the one seen longest ago goes first. */
export const MAX_COPIES = 60
/** An answer's largest size, in characters of JSON. */
export const MAX_COPY_CHARS = 300_000

export interface Copy<T> {
  data: T
  /** Epoch ms at which it was seen. */
  at: number
}

interface Entry {
  v: number
  account: string
  name: string
  at: number
  data: unknown
}

let store: UseStore | undefined
const db = (): UseStore => (store ??= createStore('habor-offline', 'copies'))

/** Keys are [account, name]: one account's entries are found without reading another's. */
type Key = [string, string]
const keyOf = (account: string, name: string): Key => [account, name]


function isEntryOf(v: unknown, account: string, name: string, now: number): v is Entry {
  return (
    isRecord(v) &&
    v.v === COPY_SCHEMA &&
    v.account === account &&
    v.name === name &&
    typeof v.at === 'number' &&
    Number.isFinite(v.at) &&
    v.at > 0 &&
    // A time in the future is a broken clock or a forged entry: not shown as "seen then".
    v.at <= now + 60_000 &&
    'data' in v
  )
}

const isKeyOf = (k: IDBValidKey, account: string): k is Key => Array.isArray(k) && k.length === 2 && k[0] === account && typeof k[1] === 'string'

/** Keeps `data` as what `account` last saw of `name`. Never throws: a copy that cannot be kept is simply not there. */
export async function saveCopy(account: string, name: string, data: unknown, at = Date.now()): Promise<void> {
  if (!account || !name) return
  try {
    const size = JSON.stringify(data)?.length ?? 0
    if (size === 0 || size > MAX_COPY_CHARS) {
      // Too large to keep: an older copy would only show something staler than the student knows.
      await del(keyOf(account, name), db())
      return
    }
    const entry: Entry = { v: COPY_SCHEMA, account, name, at, data }
    await set(keyOf(account, name), entry, db())
    // What was read ahead is replaced by the newer answer, so a page shown again starts from it.
    if (primed.has(primedKey(account, name))) primed.set(primedKey(account, name), { data, at })
    await trim(account)
  } catch {
    // IndexedDB blocked, full or missing: nothing is kept, which is no worse than before.
  }
}

/** At most MAX_COPIES entries for the account: those seen longest ago go. */
async function trim(account: string): Promise<void> {
  const mine = (await entries<IDBValidKey, unknown>(db())).filter(([k]) => isKeyOf(k, account))
  if (mine.length <= MAX_COPIES) return
  const at = (v: unknown) => (isRecord(v) && typeof v.at === 'number' ? v.at : 0)
  mine.sort((a, b) => at(a[1]) - at(b[1]))
  for (const [k] of mine.slice(0, mine.length - MAX_COPIES)) await del(k, db())
}

/**
 * What `account` last saw of `name`, if it is there, is this account's, of this schema, and passes
 * `isData`; otherwise undefined (read as "never seen").
 */
export async function readCopy<T>(account: string, name: string, isData: (d: unknown) => d is T, now = Date.now()): Promise<Copy<T> | undefined> {
  if (!account || !name) return undefined
  try {
    const v: unknown = await get(keyOf(account, name), db())
    if (!isEntryOf(v, account, name, now) || !isData(v.data)) return undefined
    return { data: v.data, at: v.at }
  } catch {
    return undefined
  }
}

/**
 * Copies read ahead at start-up (the daily open: start/dailyOpen.ts), so that the page's first render shows
 * them at once instead of a skeleton; keyed by account and name like the store, and dropped with the
 * account's other copies.
 */
const primed = new Map<string, Copy<unknown>>()
const primedKey = (account: string, name: string) => JSON.stringify(keyOf(account, name))

/** Reads what `account` last saw of `name` (as `readCopy`) and keeps it for `peekCopy`. */
export async function primeCopy<T>(account: string, name: string, isData: (d: unknown) => d is T): Promise<Copy<T> | undefined> {
  const copy = await readCopy(account, name, isData)
  if (copy) primed.set(primedKey(account, name), copy)
  return copy
}

/** The copy `primeCopy` read for this account and name, if it did and it still passes `isData`. */
export function peekCopy<T>(account: string, name: string, isData: (d: unknown) => d is T): Copy<T> | undefined {
  if (!account || !name) return undefined
  const copy = primed.get(primedKey(account, name))
  return copy && isData(copy.data) ? { data: copy.data, at: copy.at } : undefined
}

/** Forgets everything `account` saw (logout). */
export async function clearCopies(account: string): Promise<void> {
  if (!account) return
  for (const key of [...primed.keys()]) if ((JSON.parse(key) as Key)[0] === account) primed.delete(key)
  try {
    for (const [k] of await entries<IDBValidKey, unknown>(db())) if (isKeyOf(k, account)) await del(k, db())
  } catch {
    // Nothing could be read, so nothing is shown either.
  }
}
