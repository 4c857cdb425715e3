/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * The signed-in marker (docs/performance.md "The daily open"): what the service worker needs to paint a
 * signed-in open before any script of the app has run. Kept in Cache Storage, which the page and the
 * worker both reach:
 * - the marker: that a session is there, and the id of its account (no token, nothing to sign in with).
 *   The session machine (state/session/machine.ts) sets it when a session with its profile is in and
 *   removes it when the session ends (logout, a kick, a refused refresh, a deleted account) or launch
 *   finds none. With it, `/` is Home's frame; without it, Login.
 * - Home's rows: the titles Home last listed for that account (written by start/lib/homeRows.ts as
 *   Home's sections show them), which the worker writes into the frame. Stamped with the account, and shown only while the marker names the same one,
 *   so a late write after a logout never shows to the next account; removed with the marker.
 * - the reader's language: the one the app last showed (state/lang.ts), so the worker paints the frame in
 *   it. The stored choice sits behind the storage cipher, which the worker cannot read. Written with the
 *   marker and whenever a language is applied while the marker is there; removed with the marker.
 * Never throws: without Cache Storage (an insecure origin, a blocked store) there is no marker, and `/`
 * stays Login.
 */
import { APP_CONFIG, LANGS, type Lang } from '../../../manifest/app'
import { isRecord } from '../../contract/guards'

export const MARKER_CACHE = 'habor-session'
/** Paths no route serves: they are only ever read from the cache. */
export const MARKER_URL = '/__habor/signed-in'
export const ROWS_URL = '/__habor/home-rows'
export const LANG_URL = '/__habor/lang'

/** Home's desk as the frame lists it: each section's titles, in Home's order. */
export interface FrameRows {
  reading: string[]
  works: string[]
  tasks: string[]
}

const store = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches)
export const json = (data: unknown) => new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } })
const isTitles = (v: unknown): v is string[] => Array.isArray(v) && v.length <= 20 && v.every((x) => typeof x === 'string' && x.length <= 200)

/**
 * Sets the marker for `account` (signed in), with the language the app shows, or removes it and all kept
 * beside it (null: signed out).
 */
export async function setSignedInMarker(account: string | null, lang: Lang = APP_CONFIG.locale): Promise<void> {
  const cs = store()
  if (!cs) return
  try {
    if (account === null) {
      await cs.delete(MARKER_CACHE)
      return
    }
    const cache = await cs.open(MARKER_CACHE)
    await Promise.all([cache.put(MARKER_URL, json({ account })), cache.put(LANG_URL, json({ lang }))])
  } catch {
    // No Cache Storage here: no marker, so `/` opens on Login, as before.
  }
}

/**
 * Keeps `lang` for the frames of the next open, while someone is signed in: signed out there is no frame
 * to paint, and the marker brings the language when it is set.
 */
export async function setFrameLang(lang: Lang): Promise<void> {
  const cs = store()
  if (!cs) return
  try {
    if (!(await cs.has(MARKER_CACHE))) return
    await (await cs.open(MARKER_CACHE)).put(LANG_URL, json({ lang }))
  } catch {
    // Not kept: the frames stay in the language they had.
  }
}

/**
 * Who the marker says is signed in ('' for a marker without an account), the rows kept for that same
 * account (null when there are none, or they are another account's) and the reader's language (zh-Hans
 * when none is kept or it is not one of ours); null when no one is signed in. One cache opened, its
 * entries read at once: the worker asks this on the daily open's critical path.
 */
export async function readSignedIn(): Promise<{ account: string; rows: FrameRows | null; lang: Lang } | null> {
  const cs = store()
  if (!cs) return null
  try {
    if (!(await cs.has(MARKER_CACHE))) return null
    const cache = await cs.open(MARKER_CACHE)
    const body = (answer: Response | undefined): Promise<unknown> => (answer ? answer.json().catch(() => null) : Promise.resolve(undefined))
    const [marker, kept, lang] = await Promise.all([cache.match(MARKER_URL).then(body), cache.match(ROWS_URL).then(body), cache.match(LANG_URL).then(body)])
    if (marker === undefined) return null
    const account = isRecord(marker) && typeof marker.account === 'string' ? marker.account : ''
    return { account, rows: rowsOf(kept, account), lang: langOf(lang) }
  } catch {
    return null
  }
}

const langOf = (kept: unknown): Lang => (isRecord(kept) ? LANGS.find((lang) => lang === kept.lang) : undefined) ?? APP_CONFIG.locale

function rowsOf(kept: unknown, account: string): FrameRows | null {
  if (!account || !isRecord(kept) || kept.account !== account || !isRecord(kept.rows)) return null
  const { reading, works, tasks } = kept.rows
  return isTitles(reading) && isTitles(works) && isTitles(tasks) ? { reading, works, tasks } : null
}
