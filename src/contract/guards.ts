/**
 * The one kit of type guards for data the program did not just make itself: what storage, IndexedDB, the
 * Cache Storage, an answer or the live channel hands back is never trusted until it has the shape the code
 * reads. In the contract, the lowest layer, so the app, the service worker and the server share it
 * (docs/architecture.md). The schemas stay on the server (docs/contract.md); these are plain functions.
 *
 * `shape<T>()` is tied to the type it checks: its table needs a guard for every field of `T`, of that
 * field's type, so a field added to `T` does not compile until its check is written too.
 */

/** A type guard: `v` is a `T` when it returns true. */
export type Guard<T> = (v: unknown) => v is T

/** A plain object (not null, not an array): its fields can be read. */
export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
export const isStr = (v: unknown): v is string => typeof v === 'string'
/** A finite number (JSON has no NaN or Infinity; anything else read back as one is broken). */
export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
export const isBool = (v: unknown): v is boolean => typeof v === 'boolean'
export const isStrArray = (v: unknown): v is string[] => Array.isArray(v) && v.every(isStr)

export const nullable =
  <T>(g: Guard<T>): Guard<T | null> =>
  (v): v is T | null =>
    v === null || g(v)
export const arrayOf =
  <T>(g: Guard<T>): Guard<T[]> =>
  (v): v is T[] =>
    Array.isArray(v) && v.every(g)
/** One of a list of literal values (a union of strings). */
export const oneOf =
  <T extends string | number>(values: readonly T[]): Guard<T> =>
  (v): v is T =>
    (values as readonly unknown[]).includes(v)

/** A guard for each field of `T`: every field, optional ones too (with their `undefined`). */
export type Fields<T> = { [K in keyof T]-?: Guard<T[K]> }

/** An object with every field of `T`, each passing its guard (fields beyond them are let through). */
export const shape =
  <T>(fields: Fields<T>): Guard<T> =>
  (v): v is T =>
    isRecord(v) && Object.entries(fields).every(([k, g]) => (g as Guard<unknown>)(v[k]))
