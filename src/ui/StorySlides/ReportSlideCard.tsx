/** One report slide drawn in HTML from its SlideText; the canvas picture (drawSlide) follows the same layout. */
import type { CSSProperties } from 'react'
import { THEMES, unitBeside, widthEm, type SlideText } from './reportSlide'

interface Props {
  text: SlideText
  brand: string
  /** A note over the slide (the owner's "hidden from others"). */
  badge?: string
}

export function ReportSlideCard({ text, brand, badge }: Props) {
  const theme = THEMES[text.theme]
  const style = { '--rs-from': theme.from, '--rs-to': theme.to, '--rs-ink': theme.ink, '--rs-accent': theme.accent } as CSSProperties
  // The figure takes the width it can: 2023 is huge, a long word shrinks to fit the card.
  const bigStyle = { '--rs-big-em': Math.max(widthEm(text.big), 2.2).toFixed(2) } as CSSProperties
  return (
    <div className={`rslide rslide--${text.theme}`} style={style}>
      <span className="rslide__orb rslide__orb--a" aria-hidden="true" />
      <span className="rslide__orb rslide__orb--b" aria-hidden="true" />
      <span className="rslide__ring" aria-hidden="true" />
      {badge ? <span className="rslide__badge">{badge}</span> : null}
      <div className="rslide__body">
        <p className="rslide__eyebrow">{text.eyebrow}</p>
        <p className="rslide__big" style={bigStyle}>
          {text.big}
          {text.unit ? <span className={unitBeside(text) ? 'rslide__unit' : 'rslide__unit rslide__unit--below'}>{text.unit}</span> : null}
        </p>
        {text.list.length > 0 ? (
          <ol className="rslide__list">
            {text.list.map((row) => (
              <li key={row.label}>
                <span>{row.label}</span>
                <span>{row.value}</span>
              </li>
            ))}
          </ol>
        ) : null}
        {text.lines.map((line) => (
          <p key={line} className="rslide__line">
            {line}
          </p>
        ))}
      </div>
      <p className="rslide__brand">{brand}</p>
    </div>
  )
}
