/**
 * The one way to write a text (docs/architecture.md "Texts"): an area's words are a table whose zh-Hans
 * side is written where they are used and ships with that code, and whose English side is a module of its
 * own (`<name>.en.ts`), typed with the zh-Hans side's type, so the compiler holds both to the same keys.
 * The English side loads only when English is the language: at the choice of it (i18n.ts `loadLang`) for
 * every table already defined, at definition for a table defined after that.
 */
import type { Lang } from '../../manifest/app'

export interface TextTable<T> {
  /** The side in `lang`: zh-Hans until `lang`'s side has loaded (a component reads it with hooks/useTexts). */
  (lang: Lang): T
  /** The zh-Hans side: always here. */
  readonly zh: T
  /** The English side, once it has loaded. */
  en?: T
  /** Loads the English side (once); resolves with it, or with the zh-Hans side when it cannot load. */
  load(): Promise<T>
}

/** The texts of a table, as its readers use them: `TextsOf<typeof TEXTS>` (one name for every table's type). */
export type TextsOf<Table> = Table extends TextTable<infer T> ? T : never

const tables = new Set<TextTable<unknown>>()
/** Loads under way, for textsLoaded. */
const pending = new Set<Promise<unknown>>()
/** Forgets a failed load, so that the next choice of English tries it again. */
const failed = new Set<() => void>()
let wanted: Lang = 'zh-Hans'

/**
 * `E` when it has exactly the keys of `T`, at every depth; a key `T` lacks is typed `never` (so a value
 * there is a type error), and `E extends T` makes a missing key one.
 */
export type Exact<T, E> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly unknown[]
    ? T
    : T extends object
      ? { [K in keyof E]: K extends keyof T ? Exact<T[K], E[K]> : never }
      : T

/**
 * A table of texts: `zh` here, English from `loadEn` (`() => import('./x.en')`, a module whose default
 * export is its object of texts). The English must have exactly the keys of the zh-Hans at every depth:
 * a key missing on either side is a type error here. (The English module does not import the zh-Hans
 * side's type, which would make the two modules a circle.)
 */
export function defineTexts<T, E extends T>(zh: T, loadEn: () => Promise<{ default: E & Exact<NoInfer<T>, E> }>): TextTable<T> {
  let loading: Promise<T> | undefined
  const table: TextTable<T> = Object.assign((lang: Lang) => (lang === 'en' ? (table.en ?? zh) : zh), {
    zh,
    en: undefined as T | undefined,
    load() {
      loading ??= loadEn().then(
        (m) => (table.en = m.default),
        (e: unknown) => {
          console.warn('[texts] English did not load:', (e as Error).message)
          // A later choice of English tries again (loadTextsFor); until then this table reads zh-Hans.
          failed.add(() => (loading = undefined))
          return zh
        },
      )
      return loading
    },
  })
  tables.add(table as TextTable<unknown>)
  if (wanted !== 'zh-Hans') track(table.load())
  return table
}

function track(p: Promise<unknown>): void {
  pending.add(p)
  void p.finally(() => pending.delete(p))
}

/** Makes `lang` the language every table loads: loads the English of every table defined so far. */
export async function loadTextsFor(lang: Lang): Promise<void> {
  wanted = lang
  if (lang === 'zh-Hans') return
  for (const retry of failed) retry()
  failed.clear()
  await Promise.all([...tables].map((t) => t.load()))
}

/** Resolves when the English of every table defined so far has loaded (or failed to): before a page first renders, or code just imported is called. */
export async function textsLoaded(): Promise<void> {
  while (pending.size > 0) await Promise.all(pending)
}
