/**
 * Motherday (public): make a card for mum — a design, a message (140 characters), an optional voice
 * message (recorded with MediaRecorder up to 60 s, or an attached recording), then share its link.
 * `?id=` shows a card with its audio to anyone. Making one asks for login; the text waits in the
 * `drafts` storage and the recording in memory meanwhile.
 */
import type { PageProps } from '../../../manifest/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { CardPage } from './CardPage'
import { Editor } from './Editor'
import { TEXTS } from './texts'
import './Motherday.css'
import { useTexts } from '../../hooks/useTexts'

export default function Motherday({ page, query }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  return <PageScaffold page={page}>{query.id ? <CardPage key={query.id} id={query.id} t={t} lang={lang} /> : <Editor t={t} lang={lang} />}</PageScaffold>
}
