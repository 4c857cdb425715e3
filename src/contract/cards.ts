/**
 * Mother's Day cards (our calls): a design, a message and an optional recorded voice message. A card is
 * public by its random id while shared; a private or deleted card, or one whose author deleted the
 * account, answers 100001 to everyone but its author (a private card) or to everyone (deleted).
 */
export const CARD_DESIGNS = ['carnation', 'sunrise', 'garden', 'letter'] as const
export type CardDesign = (typeof CARD_DESIGNS)[number]

/** docs/product.md "Timing and limits": the default input maxlength. */
export const CARD_MESSAGE_MAX = 140
export const CARD_TO_MAX = 20
/** docs/product.md "Timing and limits"; a voice message keeps the same limit. */
export const CARD_AUDIO_MAX_SECONDS = 60
export const CARD_AUDIO_MAX_BYTES = 5 * 1024 * 1024
export const CARD_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/x-m4a', 'video/webm'] as const

/** POST (login) card body · GET (login) my cards. */
export const CARDS_PATH = '/cards'
/** POST (login) multipart: file part `audio`, field `durationMs`; answers CardAudioUploaded. */
export const CARD_AUDIO_UPLOAD_PATH = '/cards/audio'
/** GET `${CARD_AUDIO_PATH}/<id>` (public while the card is shared): the recording, with ranges. */
export const CARD_AUDIO_PATH = '/cards/audio'

export interface CardAudio {
  /** Path under the API base. */
  path: string
  mime: string
  durationMs: number
}

export interface Card {
  id: string
  design: CardDesign
  to: string
  message: string
  senderName: string
  audio: CardAudio | null
  shareable: boolean
  createdAt: number
  /** The caller wrote it. */
  mine: boolean
}

export interface CardCreateBody {
  design: CardDesign
  to?: string
  message: string
  audioId?: string
  shareable?: boolean
}

export interface CardUpdateBody {
  shareable: boolean
}

export interface CardCreated {
  id: string
}

export interface CardAudioUploaded {
  audioId: string
  size: number
  mime: string
  durationMs: number
}

/** The MIME type without parameters (`audio/webm;codecs=opus` → `audio/webm`), or null when not accepted. */
export function cardAudioType(contentType: string | undefined): string | null {
  const base = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return (CARD_AUDIO_TYPES as readonly string[]).includes(base) ? base : null
}
