/**
 * Public content calls of the share pages and Sound (our calls; docs/contract.md).
 * `GET /content/<kind>/<id>` answers the content when its owner shares it, else code 100001 (missing,
 * private or deleted look the same). Media URLs are same-origin paths that serve byte ranges.
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/content'
import { type ContentKind, CONTENT_KINDS, CONTENT_ID_PATTERN } from './values/content'
export { type ContentKind, CONTENT_KINDS, CONTENT_ID_PATTERN }



/** `/content/opus/:id` and so on, under the API base. */
export const contentPath = (kind: ContentKind, id: string): string => `/content/${kind}/${encodeURIComponent(id)}`

/** Media bytes: `/api/content/media/:id` (same origin, so the service worker caches it). */
export const MEDIA_PATH = '/content/media'

export const isContentId = (id: string | null | undefined): id is string => typeof id === 'string' && new RegExp(CONTENT_ID_PATTERN).test(id)

/** The page path that shows a kind of content (its share link is `<origin><path>?id=<id>`). */
export const SHARE_PAGE: Record<ContentKind, string> = { opus: '/share/opus', read: '/share/read', task: '/share/task', sound: '/sound' }

export type Image = Static<typeof S.Image>
export type Audio = Static<typeof S.Audio>
export type Person = Static<typeof S.Person>
export type OpusView = Static<typeof S.OpusView>
export type ReadView = Static<typeof S.ReadView>
export type Attachment = Static<typeof S.Attachment>
export type TaskView = Static<typeof S.TaskView>
export type SoundView = Static<typeof S.SoundView>

export interface ContentViews {
  opus: OpusView
  read: ReadView
  task: TaskView
  sound: SoundView
}
