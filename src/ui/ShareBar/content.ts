/** Loads one piece of public content for a share page; an id that cannot exist is "not available" at once. */
import type { Envelope } from '../../contract'
import { contentPath, isContentId, type ContentKind, type ContentViews } from '../../contract/content'
import { request } from '../../lib/http'

/** Null = not available (missing id); a 100001 answer rejects and useResource shows the same empty state. */
export async function fetchContent<K extends ContentKind>(kind: K, id: string | undefined): Promise<ContentViews[K] | null> {
  if (!isContentId(id)) return null
  const res = await request<Envelope<ContentViews[K]>>({ url: contentPath(kind, id), loading: false, timeout: 15_000 })
  return res.data.data
}
