/** The Mother's Day page's reads (its writes go through lib/outbox), and the recording kept in memory while the writer signs in. */
import { CALLS } from '../../contract/calls'
import type { Card } from '../../contract/cards'
import { call, download } from '../../lib/http'
import { apiBase } from '../../lib/http/texts'

export const fetchCard = (id: string): Promise<Card> => call(CALLS.card, { params: { id } })

export const audioUrl = (path: string): string => `${apiBase()}${path}`

/** A private card's recording, which only its author may fetch (with the token), as a Blob. */
export async function fetchPrivateAudio(path: string): Promise<Blob> {
  const res = await download({ url: path, auth: true, loading: false })
  return res.data
}

/** A recording made before signing in: it stays in memory (the page is a single-page app) until used. */
export interface PendingRecording {
  blob: Blob
  durationMs: number
}
let pending: PendingRecording | null = null
export const keepRecording = (r: PendingRecording | null): void => {
  pending = r
}
export const keptRecording = (): PendingRecording | null => pending
