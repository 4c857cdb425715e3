/** The Mother's Day page's calls, and the recording kept in memory while the writer signs in. */
import type { Envelope } from '../../contract'
import { CARD_AUDIO_UPLOAD_PATH, CARDS_PATH, type Card, type CardAudioUploaded, type CardCreateBody, type CardCreated } from '../../contract/cards'
import { download, request, upload, type TransferProgress } from '../../lib/http'
import { apiBase } from '../../lib/http/texts'

export async function fetchCard(id: string): Promise<Card> {
  const res = await request<Envelope<Card>>({ url: `${CARDS_PATH}/${encodeURIComponent(id)}`, loading: false, timeout: 15_000 })
  return res.data.data
}

export async function uploadRecording(blob: Blob, durationMs: number, onProgress: (p: TransferProgress) => void): Promise<CardAudioUploaded> {
  const ext = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : blob.type.includes('mpeg') ? 'mp3' : 'webm'
  const res = await upload<Envelope<CardAudioUploaded>>({
    url: CARD_AUDIO_UPLOAD_PATH,
    auth: true,
    loading: false,
    files: [{ name: 'audio', file: blob, filename: `message.${ext}` }],
    formData: { durationMs: Math.max(1, Math.round(durationMs)) },
    onProgress,
  })
  return res.data.data
}

export async function createCard(body: CardCreateBody): Promise<CardCreated> {
  const res = await request<Envelope<CardCreated>>({ url: CARDS_PATH, method: 'POST', data: { ...body }, auth: true, loading: false })
  return res.data.data
}

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
