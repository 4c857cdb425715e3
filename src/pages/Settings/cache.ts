/**
 * The cache size of docs/product.md "Stored state" and clearing it: the service worker's runtime caches (content, images, lazy
 * code) and the storage that is not the session. The precache stays: it is the app itself, and without
 * it the offline shell would be gone until the next update.
 */
import { AUTH_KEYS, clearAll, type StorageName } from '../../lib/storage'

/** Kept besides the session: the device's identity and the chosen language. */
const KEEP: readonly StorageName[] = [...AUTH_KEYS, 'deviceCode', 'lang']

const isPrecache = (name: string) => name.includes('precache')

/** Bytes this origin keeps (Cache Storage, IndexedDB, service worker); 0 when the browser does not say. */
export async function cacheSize(): Promise<number> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return 0
  try {
    const { usage } = await navigator.storage.estimate()
    return usage ?? 0
  } catch {
    return 0
  }
}

/** Deletes the runtime caches and the non-session storage; answers how many caches went. */
export async function clearCache(): Promise<number> {
  let deleted = 0
  if (typeof caches !== 'undefined') {
    for (const name of await caches.keys()) {
      if (!isPrecache(name) && (await caches.delete(name))) deleted++
    }
  }
  clearAll(KEEP)
  return deleted
}
