/** Someone else's shared report: its visible slides, "save as image" and the call to make one's own. */
import { useCallback, useState } from 'react'
import type { PublicReport } from '../../contract/report'
import { StorySlides } from '../../ui/StorySlides/StorySlides'
import { JoinCall } from './JoinCall'
import { SaveImageButton } from './SaveImageButton'
import { useStories } from './stories'
import type { Lang, Texts } from './texts'

export function PublicView({ report, t, lang }: { report: PublicReport; t: Texts; lang: Lang }) {
  const [index, setIndex] = useState(0)
  // Someone else's report: its words speak about its owner.
  const stories = useStories(report, t, lang, [], true)
  const onIndexChange = useCallback((i: number) => setIndex(i), [])
  return (
    <div className="report">
      <div className="report__stage">
        <StorySlides stories={stories} texts={t} onIndexChange={onIndexChange} />
      </div>
      <div className="report__actions">
        <SaveImageButton report={report} index={index} t={t} lang={lang} />
      </div>
      <JoinCall t={t} inviteCode={report.inviteCode} />
    </div>
  )
}
