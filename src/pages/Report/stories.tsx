/** The report's slides as stories for StorySlides, and one slide saved as a picture (its drawing loads on demand). */
import { useMemo } from 'react'
import type { PublicReport, SlideKind } from '../../contract/report'
import { showToast } from '../../ui/Overlay/overlay'
import { ReportSlideCard } from '../../ui/StorySlides/ReportSlideCard'
import { useTexts } from '../../hooks/useTexts'
import { aboutThem, dwellMs, SLIDE_TEXTS, slideSentence, slideText, type SlideWords } from '../../ui/StorySlides/reportSlide'
import type { Story } from '../../ui/StorySlides/StorySlides'
import type { Lang, Texts } from './texts'

/** The slides' words: to the owner, or (`them`) about the owner for anyone else. */
const wordsOf = (slide: PublicReport['slides'][number], lang: Lang, w: SlideWords, them: boolean) => {
  const text = slideText(slide, lang, w)
  return them ? aboutThem(text, lang) : text
}

export function useStories(report: PublicReport, t: Texts, lang: Lang, hidden: readonly SlideKind[], them = false): Story[] {
  const words = useTexts(SLIDE_TEXTS)
  return useMemo(
    () =>
      report.slides.map((s) => {
        const text = wordsOf(s, lang, words, them)
        return {
          key: s.kind,
          label: slideSentence(text),
          dwellMs: dwellMs(text),
          content: <ReportSlideCard text={text} brand={t.brand} badge={hidden.includes(s.kind) ? t.hiddenBadge : undefined} />,
        }
      }),
    [report, t, lang, words, hidden, them],
  )
}

export async function saveImage(report: PublicReport, index: number, t: Texts, lang: Lang, them = false): Promise<void> {
  const slide = report.slides[index]
  if (!slide) return
  try {
    const [{ slidePng, saveBlob }, words] = await Promise.all([import('../../ui/StorySlides/drawSlide'), lang === 'en' ? SLIDE_TEXTS.load() : SLIDE_TEXTS.zh])
    const png = await slidePng(wordsOf(slide, lang, words, them), t.brand)
    saveBlob(png, `habor-${report.year}-${index + 1}-${slide.kind}.png`)
    showToast(t.saved, { icon: 'success' })
  } catch {
    showToast(t.saveFailed)
  }
}
