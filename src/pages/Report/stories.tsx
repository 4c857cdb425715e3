/** The report's slides as stories for StorySlides, and one slide saved as a picture (its drawing loads on demand). */
import { useMemo } from 'react'
import type { PublicReport, SlideKind } from '../../contract/report'
import { showToast } from '../../ui/Overlay/overlay'
import { ReportSlideCard } from '../../ui/StorySlides/ReportSlideCard'
import { aboutThem, dwellMs, slideSentence, slideText } from '../../ui/StorySlides/reportSlide'
import type { Story } from '../../ui/StorySlides/StorySlides'
import type { Lang, Texts } from './texts'

/** The slides' words: to the owner, or (`them`) about the owner for anyone else. */
const wordsOf = (slide: PublicReport['slides'][number], lang: Lang, them: boolean) => (them ? aboutThem(slideText(slide, lang), lang) : slideText(slide, lang))

export function useStories(report: PublicReport, t: Texts, lang: Lang, hidden: readonly SlideKind[], them = false): Story[] {
  return useMemo(
    () =>
      report.slides.map((s) => {
        const text = wordsOf(s, lang, them)
        return {
          key: s.kind,
          label: slideSentence(text),
          dwellMs: dwellMs(text),
          content: <ReportSlideCard text={text} brand={t.brand} badge={hidden.includes(s.kind) ? t.hiddenBadge : undefined} />,
        }
      }),
    [report, t, lang, hidden, them],
  )
}

export async function saveImage(report: PublicReport, index: number, t: Texts, lang: Lang, them = false): Promise<void> {
  const slide = report.slides[index]
  if (!slide) return
  try {
    const { slidePng, saveBlob } = await import('../../ui/StorySlides/drawSlide')
    const png = await slidePng(wordsOf(slide, lang, them), t.brand)
    saveBlob(png, `habor-${report.year}-${index + 1}-${slide.kind}.png`)
    showToast(t.saved, { icon: 'success' })
  } catch {
    showToast(t.saveFailed)
  }
}
