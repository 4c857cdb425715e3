/**
 * "Save as image": the slide drawn on a canvas (gradient, shapes, text) at 1080 × 1920 and saved as a
 * PNG. Drawing it ourselves keeps the report's page small and the picture sharp, with no DOM capture.
 */
import { THEMES, unitBeside, widthEm, type SlideText } from './reportSlide'

const W = 1080
const H = 1920
/** Canvas pixels per CSS pixel of the 343 px wide slide the page shows on a 375 px phone. */
const S = W / 343
const FONT = "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Noto Sans CJK SC', 'Noto Sans SC', 'Microsoft YaHei', system-ui, sans-serif"

/** Splits into lines no wider than `max`: CJK breaks anywhere, Latin at spaces. */
export function wrapText(measure: (s: string) => number, text: string, max: number): string[] {
  const tokens = text.match(/[\u2e80-\uffff]|[^\s\u2e80-\uffff]+|\s+/g) ?? []
  const lines: string[] = []
  let line = ''
  for (const token of tokens) {
    const next = line + token
    if (line && measure(next.trimEnd()) > max) {
      lines.push(line.trimEnd())
      line = token.trimStart()
    } else line = next
  }
  if (line.trim()) lines.push(line.trimEnd())
  return lines
}

function circle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath()
  ctx.arc(x, y, r, 0, Math.PI * 2)
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath()
  ctx.moveTo(x + r, y)
  ctx.arcTo(x + w, y, x + w, y + h, r)
  ctx.arcTo(x + w, y + h, x, y + h, r)
  ctx.arcTo(x, y + h, x, y, r)
  ctx.arcTo(x, y, x + w, y, r)
  ctx.closePath()
}

/** Draws the slide as the page shows it. */
export function drawSlide(ctx: CanvasRenderingContext2D, text: SlideText, brand: string): void {
  const theme = THEMES[text.theme]
  const pad = 24 * S
  const inner = W - 2 * pad
  // Background at 160deg, as in the CSS.
  const bg = ctx.createLinearGradient(W * 0.33, 0, W * 0.67, H)
  bg.addColorStop(0, theme.from)
  bg.addColorStop(1, theme.to)
  ctx.fillStyle = bg
  ctx.fillRect(0, 0, W, H)
  // The shapes: a glow top right, a soft disc bottom left, a ring bottom right.
  const glowR = W * 0.35
  const glowX = W * 1.22 - glowR
  const glowY = -H * 0.12 + glowR
  const glow = ctx.createRadialGradient(glowX, glowY, 0, glowX, glowY, glowR)
  glow.addColorStop(0, `${theme.accent}8c`)
  glow.addColorStop(0.68, `${theme.accent}00`)
  ctx.fillStyle = glow
  ctx.fillRect(0, 0, W, H)
  ctx.fillStyle = 'rgba(255,255,255,0.09)'
  circle(ctx, -W * 0.18 + W * 0.24, H * 0.94 - W * 0.24, W * 0.24)
  ctx.fill()
  ctx.strokeStyle = `${theme.accent}8c`
  ctx.lineWidth = 3 * S
  circle(ctx, W * 0.91 - W * 0.15, H * 0.87 - W * 0.15, W * 0.15)
  ctx.stroke()

  ctx.fillStyle = theme.ink
  ctx.textBaseline = 'alphabetic'
  ctx.textAlign = 'left'
  const font = (px: number, weight: number) => `${weight} ${Math.round(px)}px ${FONT}`
  const measureWith = (f: string) => (s: string) => {
    ctx.font = f
    return ctx.measureText(s).width
  }

  // Lay the body out first to centre it, then draw.
  const eyebrowFont = font(18 * S, 600)
  const bigPx = Math.min(112 * S, (0.96 * inner) / Math.max(widthEm(text.big), 2.2))
  const bigFont = font(bigPx, 800)
  const unitFont = font(22 * S, 700)
  const lineFont = (first: boolean) => font(17 * S, first ? 600 : 400)
  const eyebrowLines = wrapText(measureWith(eyebrowFont), text.eyebrow, inner)
  const bigWidth = measureWith(bigFont)(text.big)
  const unitWidth = text.unit ? measureWith(unitFont)(text.unit) : 0
  const unitInline = text.unit !== '' && unitBeside(text) && bigWidth + 10 * S + unitWidth <= inner
  const bodyLines = text.lines.map((l, i) => ({ font: lineFont(i === 0), rows: wrapText(measureWith(lineFont(i === 0)), l, inner) }))
  const eyebrowH = eyebrowLines.length * 27 * S
  const bigH = bigPx + (text.unit && !unitInline ? 38 * S : 0) + 24 * S
  const listH = text.list.length * (48 * S + 8 * S)
  const linesH = bodyLines.reduce((h, l) => h + 8 * S + l.rows.length * 26 * S, 0)
  const total = eyebrowH + bigH + listH + linesH
  let y = Math.max(pad + 20 * S, (H - 60 * S - total) / 2 - 0.04 * H)

  ctx.font = eyebrowFont
  for (const row of eyebrowLines) {
    y += 27 * S
    ctx.fillText(row, pad, y - 6 * S)
  }
  y += 10 * S + bigPx
  ctx.font = bigFont
  ctx.fillText(text.big, pad, y - 0.1 * bigPx)
  if (text.unit) {
    ctx.font = unitFont
    ctx.fillStyle = theme.accent
    if (unitInline) ctx.fillText(text.unit, pad + bigWidth + 10 * S, y - 0.1 * bigPx - 0.2 * 22 * S)
    else {
      y += 38 * S
      ctx.fillText(text.unit, pad, y - 6 * S)
    }
    ctx.fillStyle = theme.ink
  }
  y += 14 * S
  for (const [i, row] of text.list.entries()) {
    ctx.fillStyle = i === 0 ? 'rgba(255,255,255,0.24)' : 'rgba(255,255,255,0.14)'
    roundRect(ctx, pad, y, inner, 48 * S, 14 * S)
    ctx.fill()
    ctx.fillStyle = theme.ink
    ctx.font = font(17 * S, 600)
    ctx.textAlign = 'left'
    ctx.fillText(row.label, pad + 16 * S, y + 30 * S)
    ctx.textAlign = 'right'
    ctx.fillText(row.value, W - pad - 16 * S, y + 30 * S)
    ctx.textAlign = 'left'
    y += 56 * S
  }
  for (const l of bodyLines) {
    y += 8 * S
    ctx.font = l.font
    for (const row of l.rows) {
      y += 26 * S
      ctx.fillText(row, pad, y - 6 * S)
    }
  }
  ctx.globalAlpha = 0.85
  ctx.font = font(13 * S, 400)
  ctx.fillText(brand, pad, H - 20 * S - 6 * S)
  ctx.globalAlpha = 1
}

/** The slide as a PNG. */
export async function slidePng(text: SlideText, brand: string): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = W
  canvas.height = H
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas 2d is not available')
  await document.fonts?.ready
  drawSlide(ctx, text, brand)
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the picture could not be made'))), 'image/png'))
}

export { saveBlob } from '../../lib/device/saveBlob'
