/**
 * The share action of every page that shares (the share pages, Invite, Motherday, Report): the system
 * share sheet (Web Share API) where there is one, else the link — or the text the page chose, such as the
 * message with the link — is copied with docs/product.md "Errors"'s 'Content copied' / 'Copy failed,
 * please copy manually'.
 */
import type { Lang } from '../../../manifest/app'
import { copyText } from '../../lib/clipboard/clipboard'
import { showToast } from '../Overlay/overlay'

export interface ShareTarget {
  title: string
  text: string
  url: string
  /** What is copied where there is no share sheet; the URL when unset. */
  copy?: string
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'copy-failed'

export async function shareLink({ copy, ...target }: ShareTarget, lang: Lang, nav: Pick<Navigator, 'share' | 'canShare'> | undefined = globalThis.navigator): Promise<ShareOutcome> {
  if (nav && typeof nav.share === 'function' && (typeof nav.canShare !== 'function' || nav.canShare(target))) {
    try {
      await nav.share(target)
      return 'shared'
    } catch (e) {
      // The user closed the sheet: nothing to say. Any other refusal falls back to copying.
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled'
    }
  }
  const { ok } = await copyText(copy ?? target.url, { lang, notify: (m) => showToast(m, { icon: 'none' }) })
  return ok ? 'copied' : 'copy-failed'
}
