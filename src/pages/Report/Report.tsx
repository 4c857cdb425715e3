/**
 * Report (public, `?id=`): the year in review as story slides. The owner sees every slide with the share
 * settings (shareable on/off, which slides others see), a share link and "save as image"; anyone else
 * sees a shared report's visible slides, or "not available". Offline, a report seen before opens from
 * the service worker's cache; otherwise the tap-to-retry screen shows.
 */
import type { PageProps } from '../../../manifest/pages'
import { useLang } from '../../state/app'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { Missing } from './Missing'
import { ReportById } from './ReportById'
import { TEXTS } from './texts'
import './Report.css'
import { useTexts } from '../../hooks/useTexts'

export default function Report({ page, query }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const id = query.id ?? ''
  return <PageScaffold page={page}>{id ? <ReportById key={id} id={id} t={t} lang={lang} /> : <Missing t={t} />}</PageScaffold>
}
