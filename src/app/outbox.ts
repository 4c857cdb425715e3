/**
 * Starts the outbox (lib/outbox) once a session with a user exists: it learns who is signed in, and sends
 * what waits at start-up, when the browser comes back online, when the API answers again after a Wi-Fi
 * sign-in page, and when the service worker's Background Sync wakes the page. Loaded lazily, so none of
 * it is in Login's first start.
 */
import { subscribe } from 'valtio'
import { REACHABLE_EVENT } from '../lib/http/reach'
import { appState } from '../state/app'
import { authState } from '../state/auth'
import { sessionAccount, sessionState } from '../state/session/machine'

let started: Promise<typeof import('../lib/outbox/outbox')> | undefined

/** How long the toast of a landed card stays: long enough to tap its link. */
export const CARD_LANDED_TOAST_MS = 6_000

async function toastCardLanded(id: string): Promise<void> {
  const [{ showToast }, { translate }] = await Promise.all([import('../ui/Overlay/overlay'), import('../i18n/i18n')])
  const lang = appState.lang
  showToast(translate(lang, 'cards.landed'), { duration: CARD_LANDED_TOAST_MS, link: { href: `/motherday?id=${encodeURIComponent(id)}`, text: translate(lang, 'cards.open') } })
}

/** After a drain that met no server, try again after this long, growing ×1.5 up to the last. */
export const OUTBOX_RETRY_FIRST_MS = 10_000
export const OUTBOX_RETRY_MAX_MS = 60_000

export function startOutbox(): void {
  started ??= import('../lib/outbox/outbox').then((outbox) => {
    outbox.configureOutbox({ account: sessionAccount })
    // A lost answer or a time-out fires no event, so a drain that met no server is tried again on a
    // timer (the key makes a repeat harmless); the online event and a reachable API try at once.
    let wait = OUTBOX_RETRY_FIRST_MS
    let timer: ReturnType<typeof setTimeout> | undefined
    const later = (): void => {
      timer ??= setTimeout(drain, wait)
    }
    const drain = (): void => {
      clearTimeout(timer)
      timer = undefined
      void outbox.drain().then((result) => {
        clearTimeout(timer)
        timer = undefined
        if (result === 'done') {
          wait = OUTBOX_RETRY_FIRST_MS
          return
        }
        later()
        wait = Math.min(Math.round(wait * 1.5), OUTBOX_RETRY_MAX_MS)
      })
    }
    // A write just queued (its first try met no server) is tried again after the first wait.
    outbox.onQueued(later)
    // A profile edit that landed later: the app shows the profile the server now holds.
    outbox.onLanded((item, result) => {
      // A card made offline that lands: the student is told on whatever page they are, with its link
      // (Motherday's editor, when it made the card in this visit, opens it instead: docs/offline.md).
      if (item.payload.kind === 'card') {
        const id = (result as { id?: unknown } | undefined)?.id
        if (typeof id === 'string') void toastCardLanded(id)
      }
      if (item.payload.kind === 'profile') void import('../state/session/flows').then((f) => f.loadProfile({ loading: false })).catch(() => undefined)
    })
    addEventListener('online', drain)
    addEventListener(REACHABLE_EVENT, drain)
    navigator.serviceWorker?.addEventListener('message', (e: MessageEvent<{ type?: string } | null>) => {
      if (e.data?.type === 'sync-fired') drain()
    })
    // A logout hides another account's waiting writes; a login shows (and sends) its own.
    let who = outbox.currentAccount()
    const follow = (): void => {
      const now = sessionAccount()
      if (now === who) return
      who = now
      outbox.publish()
      if (now) drain()
    }
    subscribe(sessionState, follow)
    subscribe(authState, follow)
    outbox.publish()
    drain()
    return outbox
  })
  return void started
}
