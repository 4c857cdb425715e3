/**
 * The daily open (docs/performance.md "From the first byte to the first tap and the daily open's frame"):
 * the service worker has painted Home's frame, with the rows Home last listed for this account
 * (start/lib/homeRows.ts, the one store that fills the frame), before any script ran. As soon as the app's
 * logic has restored the session, this reads the signed-in account's last desk from the device
 * (lib/offline/copies.ts, per account) ahead of React, so that Home's first render shows the same rows in
 * the same places (useResource's `revalidate`) while the desk is asked for again; the answer then
 * replaces them.
 *
 * Only this account's copy is read, and only while a session is stored: after a logout, a kick or a
 * deletion the account's copies are gone.
 */
import { primeCopy } from '../lib/offline/copies'
import { COPY, isDesk } from '../lib/offline/pages'
import { authState } from '../state/auth'
import { sessionAccount } from '../state/session/machine'

/** Reads this account's desk copy ahead, for Home's first render. */
export async function openDaily(): Promise<void> {
  const account = sessionAccount()
  if (!account) return
  await primeCopy(account, COPY.desk(authState.org?.id ?? ''), isDesk)
}
