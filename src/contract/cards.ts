/**
 * Mother's Day cards (our calls): a design, a message and an optional recorded voice message. A card is
 * public by its random id while shared; a private or deleted card, or one whose author deleted the
 * account, answers 100001 to everyone but its author (a private card) or to everyone (deleted).
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/cards'
import { CARD_DESIGNS, type CardDesign, CARD_MESSAGE_MAX, CARD_TO_MAX } from './values/cards'
export { CARD_DESIGNS, type CardDesign, CARD_MESSAGE_MAX, CARD_TO_MAX }


/** docs/product.md "Timing and limits"; a voice message keeps the same limit. */
export const CARD_AUDIO_MAX_SECONDS = 60
export const CARD_AUDIO_MAX_BYTES = 5 * 1024 * 1024
export const CARD_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/x-m4a', 'video/webm'] as const

/** POST (a finished account) card body · GET (login) my cards. */
export const CARDS_PATH = '/cards'
/** POST (a finished account) multipart: file part `audio` (a `durationMs` field may come along; the server reads the length from the recording itself); answers CardAudioUploaded. */
export const CARD_AUDIO_UPLOAD_PATH = '/cards/audio'
/** GET `${CARD_AUDIO_PATH}/<id>` (public while the card is shared): the recording, with ranges. */
export const CARD_AUDIO_PATH = '/cards/audio'

export type CardAudio = Static<typeof S.CardAudio>
export type Card = Static<typeof S.Card>
export type CardCreateBody = Static<typeof S.CardCreateBody>
export type CardUpdateBody = Static<typeof S.CardUpdateBody>
export type CardCreated = Static<typeof S.CardCreated>
export type CardAudioUploaded = Static<typeof S.CardAudioUploaded>

/** The MIME type without parameters (`audio/webm;codecs=opus` → `audio/webm`), or null when not accepted. */
export function cardAudioType(contentType: string | undefined): string | null {
  const base = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
  return (CARD_AUDIO_TYPES as readonly string[]).includes(base) ? base : null
}
