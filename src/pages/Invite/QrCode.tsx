/** A QR code as one SVG path (dark modules only), drawn from uqr's module matrix. */
import { encode } from 'uqr'

export function QrCode({ text, label, size = 168 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 2 })
  let d = ''
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`
    })
  })
  return (
    <svg className="qr" role="img" aria-label={label} viewBox={`0 0 ${qr.size} ${qr.size}`} width={size} height={size} shapeRendering="crispEdges">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#1f2329" />
    </svg>
  )
}
