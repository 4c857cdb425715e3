/**
 * The daily open (docs/performance.md "The daily open"): the service worker has painted Home's frame
 * (start/HomeFrame.tsx) before any script ran; as soon as the app's logic has restored the session,
 * this reads the signed-in account's last desk from the device (lib/offline/copies.ts, per account) and
 * writes its titles into the frame's lists, before React DOM and the view have even loaded. The copy is
 * kept read ahead, so Home's first render shows the same rows in the same places (useResource's
 * `revalidate`) while the desk is asked for again; the answer then replaces them.
 *
 * Only this account's copy is read, and only while a session is stored: after a logout, a kick or a
 * deletion the account's copies are gone and the frame keeps its placeholders.
 */
import { primeCopy } from '../lib/offline/copies'
import { COPY, isDesk } from '../lib/offline/pages'
import { FRAME_SECTIONS } from './HomeFrame'
import { frameRows } from '../pages/Home/frameRows'
import { authState } from '../state/auth'
import { sessionAccount } from '../state/session/machine'

/** Reads this account's desk copy ahead and fills the painted frame in `root` with it. */
export async function openDaily(root: HTMLElement): Promise<void> {
  const account = sessionAccount()
  if (!account) return
  const copy = await primeCopy(account, COPY.desk(authState.org?.id ?? ''), isDesk)
  // The session may have ended while IndexedDB answered; and React may have drawn over the frame already.
  if (!copy || sessionAccount() !== account) return
  const rows = frameRows(copy.data)
  for (const id of FRAME_SECTIONS) {
    const list = root.querySelector(`[data-frame-list="${id}"]`)
    if (!list || rows[id].length === 0) continue
    list.replaceChildren(
      ...rows[id].map((title) => {
        const item = document.createElement('li')
        item.className = 'hs-item'
        const link = document.createElement('span')
        link.className = 'hs-link'
        const text = document.createElement('span')
        text.className = 'hs-link__title'
        text.dataset.userContent = ''
        // Text, never markup: titles are what students typed.
        text.textContent = title
        const meta = document.createElement('span')
        meta.className = 'hs-link__meta hs-sk hs-sk--meta'
        link.append(text, meta)
        item.append(link)
        return item
      }),
    )
  }
}
