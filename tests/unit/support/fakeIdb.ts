/**
 * idb-keyval's calls over a Map, for unit tests of what keeps copies in IndexedDB (IndexedDB is not ours).
 * Use with `vi.mock('idb-keyval', () => import('<path>/fakeIdb'))`; `idbMap` is the store, to clear or read.
 */
export const idbMap = new Map<string, unknown>()
const keyText = (k: unknown) => JSON.stringify(k)

export const createStore = () => 'store'
export const get = (k: unknown) => Promise.resolve(idbMap.get(keyText(k)))
export const set = (k: unknown, v: unknown) => Promise.resolve(void idbMap.set(keyText(k), structuredClone(v)))
export const del = (k: unknown) => Promise.resolve(void idbMap.delete(keyText(k)))
export const entries = () => Promise.resolve([...idbMap.entries()].map(([k, v]) => [JSON.parse(k) as unknown, v]))
