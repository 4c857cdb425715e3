/**
 * Encrypted key-value store of docs/product.md "Stored state" with docs/contract.md's format: key `jsj_habor_<name>`, value the
 * crypto-js AES ciphertext of JSON `{v, data}`. The key ships in the app, so this is obfuscation, not
 * protection. Reads never throw on a corrupt or foreign value; writes over the 500 KB budget throw and
 * leave what was stored intact. The cipher loads once at start-up (`await initStorage()` before anything
 * reads or writes); using the store before that is a programming error and throws 'not ready'.
 */
import { STORAGE_PREFIX } from './prefix'
import { SCHEMA, type StorageName, type StorageValue } from './schema'

export { STORAGE_PREFIX }
/** docs/product.md "Stored state"'s maximum-space value of 500, in KB (docs/contract.md: 500 KB in all). */
export const STORAGE_BUDGET_BYTES = 500 * 1024

export type StorageErrorCode = 'data not found' | 'over budget' | 'write failed' | 'not ready'

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message)
    this.name = 'StorageError'
  }
}

type Codec = typeof import('./codec')
let codec: Codec | null = null
let loading: Promise<void> | null = null

/** Loads the cipher; every read and write waits for this once, at start-up. */
export function initStorage(): Promise<void> {
  loading ??= import('./codec').then((m) => {
    codec = m
  })
  return loading
}

export const isStorageReady = (): boolean => codec !== null

function cipher(): Codec {
  if (!codec) throw new StorageError('not ready', 'storage used before initStorage() finished')
  return codec
}

const DEFAULT_KEY = 'jsj-habor-dev-storage'
let cryptoKey: string = (import.meta.env?.VITE_STORAGE_KEY as string | undefined) ?? DEFAULT_KEY
let warnedNoKey = false

/**
 * The plaintext of each stored value this page has already decrypted or written, with the ciphertext it
 * came from: reading the same ciphertext again skips the cipher (at 4× CPU slowdown one AES decryption,
 * with its key derivation, costs 10–25 ms, and start-up reads what it has just written). A value changed by
 * another tab has another ciphertext (a fresh salt on every write), so it is decrypted afresh. The JSON is
 * parsed on every read, so a caller never holds the cache's own object.
 */
const plain = new Map<string, { raw: string; json: string }>()

/** Tests and tools can swap the key; an empty key is allowed but warned about (docs/product.md "Errors"). */
export function setStorageKey(key: string): void {
  cryptoKey = key
  warnedNoKey = false
  plain.clear()
}

function key(): string {
  if (!cryptoKey && !warnedNoKey) {
    warnedNoKey = true
    console.warn('[storage] the crypto key is not set; values are stored with an empty key')
  }
  return cryptoKey
}

function backend(): Storage | undefined {
  try {
    return globalThis.localStorage
  } catch {
    // Some browsers throw on access when storage is disabled (Safari private mode, blocked cookies).
    return undefined
  }
}

export const storageKey = (name: StorageName): string => `${STORAGE_PREFIX}${name}`

function decrypted(name: StorageName, raw: string): string {
  const known = plain.get(name)
  if (known?.raw === raw) return known.json
  const json = cipher().decrypt(raw, key())
  plain.set(name, { raw, json })
  return json
}

function decode<K extends StorageName>(name: K, raw: string): StorageValue<K> | undefined {
  try {
    const json = decrypted(name, raw)
    if (!json) return undefined
    const parsed: unknown = JSON.parse(json)
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { v, data } = parsed as { v?: unknown; data?: unknown }
    if (v !== SCHEMA[name].version) return undefined
    return SCHEMA[name].valid(data) ? (data as StorageValue<K>) : undefined
  } catch {
    return undefined
  }
}

/** The stored value, or undefined when it is missing, corrupt, foreign or of another version. */
export function read<K extends StorageName>(name: K): StorageValue<K> | undefined {
  const raw = backend()?.getItem(storageKey(name))
  return raw == null ? undefined : decode(name, raw)
}

/** Like read(), but a missing value is docs/product.md "Errors"'s 'data not found'. */
export function readOrThrow<K extends StorageName>(name: K): StorageValue<K> {
  const value = read(name)
  if (value === undefined) throw new StorageError('data not found', `data not found: ${name}`)
  return value
}

/** Bytes used by our keys (UTF-16 code units × 2, as browsers count quota). */
export function usedBytes(except?: string): number {
  const store = backend()
  if (!store) return 0
  let total = 0
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i)
    if (!k || !k.startsWith(STORAGE_PREFIX) || k === except) continue
    total += (k.length + (store.getItem(k)?.length ?? 0)) * 2
  }
  return total
}

export function write<K extends StorageName>(name: K, data: StorageValue<K>): void {
  const store = backend()
  if (!store) throw new StorageError('write failed', 'local storage is not available')
  const k = storageKey(name)
  const json = JSON.stringify({ v: SCHEMA[name].version, data })
  const value = cipher().encrypt(json, key())
  const after = usedBytes(k) + (k.length + value.length) * 2
  if (after > STORAGE_BUDGET_BYTES) {
    throw new StorageError('over budget', `storage budget of ${STORAGE_BUDGET_BYTES} bytes exceeded writing ${name}`)
  }
  try {
    store.setItem(k, value)
    plain.set(name, { raw: value, json })
  } catch (e) {
    throw new StorageError('write failed', `could not write ${name}: ${(e as Error).message}`)
  }
}

export function remove(name: StorageName): void {
  backend()?.removeItem(storageKey(name))
}

/** Removes every key of ours (used by "clear cache" and tests). */
export function clearAll(keep: readonly StorageName[] = []): void {
  const store = backend()
  if (!store) return
  const keepKeys = new Set(keep.map(storageKey))
  const ours: string[] = []
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i)
    if (k?.startsWith(STORAGE_PREFIX) && !keepKeys.has(k)) ours.push(k)
  }
  ours.forEach((k) => store.removeItem(k))
}

/** The store's cipher with its key, for the tab-scoped values of ./tab.ts (the same format, another backend). */
export const sealing = (): { seal: (json: string) => string; open: (raw: string) => string } => ({ seal: (json) => cipher().encrypt(json, key()), open: (raw) => cipher().decrypt(raw, key()) })
