/**
 * The routes of the route table (docs/contract.md "The route table") that the app does not send with
 * `call()`: files and media it loads by URL, the card recording's upload (sent by lib/http's upload()),
 * the calls the app has no page for yet, and the health check. The teacher's calls have their own part
 * (TEACHER, teacher.ts). Kept apart
 * from API and CALLS so that no page's chunk carries them.
 */
import type { Static } from '@sinclair/typebox'
import { spec, type Typed } from './route'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as H from './schemas/health'
import { CARD_AUDIO_PATH, CARD_AUDIO_UPLOAD_PATH, CARDS_PATH } from './cards'
import { MEDIA_PATH } from './content'
import { DOWNLOAD_FILES_PATH } from './download'
import { PUSH_SUBSCRIPTION_PATH } from './push'

/** A file's answer: its bytes on success (not typed), or the refusal envelope. */
export type FileBytes = unknown

/** GET /health's answer (for operators and load balancers). */
export type Health = Static<typeof H.Health>

const servedPart = {
  health: spec('GET', '/health', 'public'),
  /** Multipart, file part `audio`; Idempotency-Key honoured. */
  cardAudioUpload: spec('POST', CARD_AUDIO_UPLOAD_PATH, 'account'),
  /** Public while the card is shared; byte ranges. */
  cardAudio: spec('GET', `${CARD_AUDIO_PATH}/:id`, 'public'),
  cardUpdate: spec('PUT', `${CARDS_PATH}/:id`, 'session'),
  media: spec('GET', `${MEDIA_PATH}/:id`, 'public'),
  /** The link-preview picture of pages without a picture of their own (1200×630). */
  shareCardImage: spec('GET', '/content/card.png', 'public'),
  downloadFile: spec('GET', `${DOWNLOAD_FILES_PATH}/:name`, 'public'),
  /** The app ends a subscription with the session instead (docs/notifications.md). */
  pushUnsubscribe: spec('DELETE', PUSH_SUBSCRIPTION_PATH, 'token'),
  /** The API description (docs/openapi.json), served when API_DOCS=1. */
  openApi: spec('GET', '/openapi.json', 'public', { servedWhen: 'API_DOCS' }),
}
export const SERVED: Typed<typeof servedPart> = servedPart
