/**
 * The frame of every public share page (opus, read, task, Sound): loads the content of `?id=`, shows its
 * skeleton, not-available, offline and failed states, puts the share action in the navigation bar, gives
 * WeChat its chat card, and ends with the "open in app" bar to /download. The page supplies only its
 * content, its skeleton, and what its share action and chat card say.
 */
import type { ReactNode } from 'react'
import type { Lang } from '../../../manifest/app'
import type { PageProps } from '../../../manifest/pages'
import type { ContentKind, ContentViews } from '../../contract/content'
import { useResource } from '../../hooks/useResource'
import { COPY, isContentOrNone } from '../../lib/offline/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../PageScaffold/PageScaffold'
import { fetchContent } from '../ShareBar/content'
import { OpenAppBar, ShareButton, ShareContent, shareUrl, useWechatShareCard } from '../ShareBar/ShareBar'

/** The chat card's picture when the content has none of its own. */
const DEFAULT_CARD_IMAGE = '/api/content/card.png'

interface Props<K extends ContentKind> extends PageProps {
  kind: K
  skeleton: ReactNode
  /** Inside WeChat, the chat card of this content; without `imgUrl`, the app's own card picture. */
  card: (data: ContentViews[K]) => { title: string; desc: string; imgUrl?: string }
  /** The share action's title and text; the link is always this page's with the content's id. */
  share: (data: ContentViews[K], lang: Lang) => { title: string; text: string }
  children: (data: ContentViews[K]) => ReactNode
}

export function SharePage<K extends ContentKind>({ page, query, kind, skeleton, card, share, children }: Props<K>) {
  const lang = useLang()
  const [state, retry] = useResource(() => fetchContent(kind, query.id), query.id ?? '', { remember: query.id ? COPY.content(kind, query.id) : undefined, check: isContentOrNone(kind) })
  const data = state.kind === 'ready' ? state.data : null
  const chatCard = data ? card(data) : null
  useWechatShareCard(chatCard ? { ...chatCard, imgUrl: chatCard.imgUrl ?? DEFAULT_CARD_IMAGE } : null)
  return (
    <PageScaffold page={page} actions={data ? <ShareButton target={() => ({ ...share(data, lang), url: shareUrl(data.id) })} /> : null}>
      <div className="share-page">
        <ShareContent state={state} retry={retry} skeleton={skeleton}>
          {children}
        </ShareContent>
      </div>
      <OpenAppBar />
    </PageScaffold>
  )
}
