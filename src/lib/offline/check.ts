/**
 * Small checks for what is read back from the offline copy (lib/offline/copies.ts): the data was written
 * by an older version of the app, or by anything that could reach this origin's IndexedDB, so a page shows
 * it only once it has the shape the page reads. The contract's schemas stay on the server (docs/contract.md);
 * these check what each page relies on.
 */
export type Test = (v: unknown) => boolean

export const isStr: Test = (v) => typeof v === 'string'
export const isNum: Test = (v) => typeof v === 'number' && Number.isFinite(v)
export const isBool: Test = (v) => typeof v === 'boolean'
export const nullable =
  (t: Test): Test =>
  (v) =>
    v === null || t(v)
export const arrayOf =
  (t: Test): Test =>
  (v) =>
    Array.isArray(v) && v.every(t)

/** An object with at least these fields, each passing its test. */
export const shape =
  (fields: Record<string, Test>): Test =>
  (v) =>
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.entries(fields).every(([k, t]) => t((v as Record<string, unknown>)[k]))

/** A test as a type guard, for useResource's `check`. */
export const guard =
  <T>(t: Test) =>
  (v: unknown): v is T =>
    t(v)
