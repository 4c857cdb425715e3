/** Loads one piece of public content for a share page; an id that cannot exist is "not available" at once. */
import { CALLS } from '../../contract/calls'
import { isContentId, type ContentKind, type ContentViews } from '../../contract/content'
import { call } from '../../lib/http'

/** Null = not available (missing id); a 100001 answer rejects and useResource shows the same empty state. */
export async function fetchContent<K extends ContentKind>(kind: K, id: string | undefined): Promise<ContentViews[K] | null> {
  if (!isContentId(id)) return null
  return (await call(CALLS.content, { params: { kind, id } })) as ContentViews[K]
}
