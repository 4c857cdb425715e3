// Makes the demo media under server/assets/demo/ (covers, illustrations, the share card and a short
// recording). Run by hand after changing the art: `node server/assets/generate.mjs`. It needs sharp (a
// development dependency) and a CJK font; the server itself only reads the files it writes.
import { writeFileSync } from 'node:fs'
import sharp from 'sharp'

const out = new URL('./demo/', import.meta.url)
const SERIF = "'Noto Serif CJK SC','Noto Serif CJK JP',serif"
const SANS = "'Noto Sans CJK SC','Noto Sans CJK JP',sans-serif"
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

async function png(name, svg) {
  const buf = await sharp(Buffer.from(svg)).png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer()
  writeFileSync(new URL(name, out), buf)
  console.log(name, buf.length)
}

/** A book cover, 360×504: a colour field, a motif, the title set vertically or across, the author. */
function cover({ title, author, bg, fg, accent, motif }) {
  const chars = [...title]
  const titleSvg =
    chars.length <= 5
      ? chars.map((ch, i) => `<text x="292" y="${92 + i * 58}" font-family="${SERIF}" font-size="50" font-weight="700" fill="${fg}" text-anchor="middle">${esc(ch)}</text>`).join('')
      : `<text x="180" y="110" font-family="${SERIF}" font-size="44" font-weight="700" fill="${fg}" text-anchor="middle">${esc(title)}</text>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="504" viewBox="0 0 360 504">
  <rect width="360" height="504" fill="${bg}"/>
  <rect x="0" y="0" width="14" height="504" fill="${accent}" opacity="0.55"/>
  ${motif}
  ${titleSvg}
  <text x="180" y="468" font-family="${SANS}" font-size="22" fill="${fg}" opacity="0.85" text-anchor="middle">${esc(author)}</text>
</svg>`
}

const books = [
  { file: 'book-caofangzi.png', title: '草房子', author: '曹文轩 著', bg: '#E9C46A', fg: '#3D2C12', accent: '#8A5A1C', motif: '<path d="M40 330 L150 240 L260 330 Z" fill="#B5651D"/><rect x="62" y="330" width="176" height="96" fill="#F4E2B8"/><rect x="132" y="364" width="36" height="62" fill="#8A5A1C"/><path d="M30 430 H330" stroke="#6B8E23" stroke-width="10"/>' },
  { file: 'book-xiyouji.png', title: '西游记', author: '吴承恩 著', bg: '#9B2226', fg: '#FFF3E0', accent: '#EE9B00', motif: '<circle cx="120" cy="300" r="90" fill="#EE9B00" opacity="0.9"/><path d="M30 380 C90 340 150 400 210 360 S330 380 340 350 V504 H30 Z" fill="#5C0F12"/><path d="M80 280 q40 -60 80 0" stroke="#FFF3E0" stroke-width="8" fill="none"/>' },
  { file: 'book-kunchongji.png', title: '昆虫记', author: '[法] 法布尔 著', bg: '#2A9D8F', fg: '#F1FAEE', accent: '#264653', motif: '<ellipse cx="130" cy="320" rx="52" ry="74" fill="#E76F51"/><path d="M130 246 V394" stroke="#264653" stroke-width="6"/><circle cx="112" cy="300" r="10" fill="#264653"/><circle cx="150" cy="340" r="12" fill="#264653"/><circle cx="110" cy="356" r="8" fill="#264653"/><path d="M118 250 q-20 -40 -40 -44 M142 250 q20 -40 40 -44" stroke="#264653" stroke-width="5" fill="none"/>' },
  { file: 'book-xiaowangzi.png', title: '小王子', author: '[法] 圣埃克苏佩里 著', bg: '#1D3557', fg: '#F1FAEE', accent: '#A8DADC', motif: '<circle cx="130" cy="360" r="80" fill="#F4A261"/><circle cx="80" cy="120" r="3" fill="#fff"/><circle cx="200" cy="80" r="2" fill="#fff"/><circle cx="60" cy="220" r="2.5" fill="#fff"/><circle cx="220" cy="200" r="2" fill="#fff"/><path d="M130 280 l-10 -44 h20 z" fill="#E9C46A"/><circle cx="130" cy="230" r="12" fill="#F1FAEE"/>' },
  { file: 'book-haidi.png', title: '海底两万里', author: '[法] 儒勒·凡尔纳 著', bg: '#023E8A', fg: '#CAF0F8', accent: '#48CAE4', motif: '<path d="M0 200 C60 180 120 220 180 200 S300 180 360 200 V504 H0 Z" fill="#0077B6"/><ellipse cx="180" cy="330" rx="110" ry="34" fill="#90E0EF"/><rect x="160" y="278" width="40" height="30" rx="8" fill="#90E0EF"/><circle cx="130" cy="330" r="8" fill="#023E8A"/><circle cx="180" cy="330" r="8" fill="#023E8A"/><circle cx="230" cy="330" r="8" fill="#023E8A"/>' },
  { file: 'book-chengnan.png', title: '城南旧事', author: '林海音 著', bg: '#F1E3D3', fg: '#5E3023', accent: '#C38E70', motif: '<path d="M30 420 H250 V300 L140 230 L30 300 Z" fill="#C38E70"/><rect x="70" y="330" width="40" height="50" fill="#F1E3D3"/><rect x="160" y="330" width="40" height="50" fill="#F1E3D3"/><circle cx="220" cy="150" r="30" fill="#E9B384" opacity="0.8"/>' },
  { file: 'book-santi.png', title: '三体', author: '刘慈欣 著', bg: '#111827', fg: '#F9FAFB', accent: '#F59E0B', motif: '<circle cx="90" cy="260" r="38" fill="#F59E0B"/><circle cx="190" cy="360" r="28" fill="#EF4444"/><circle cx="110" cy="400" r="20" fill="#FDE68A"/><circle cx="140" cy="320" r="110" fill="none" stroke="#374151" stroke-width="2"/>' },
]

for (const b of books) await png(b.file, cover(b))

// The work's cover (1200×630, also its link preview) and two illustrations.
await png(
  'opus-cover.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#FFE8B0"/><stop offset="1" stop-color="#FFD27A"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#sky)"/>
  <circle cx="1110" cy="90" r="56" fill="#FFF6DA"/>
  <path d="M0 520 C240 470 480 560 720 510 S1080 470 1200 500 V630 H0 Z" fill="#C9A227"/>
  <rect x="903" y="250" width="34" height="300" fill="#7A4E1D"/>
  <g fill="#F2B705">${Array.from({ length: 34 }, (_, i) => {
    const a = (i / 34) * Math.PI * 2
    const r = 70 + (i % 5) * 16
    const x = 920 + Math.cos(a) * r * 1.05
    const y = 230 + Math.sin(a) * r * 0.8
    return `<path d="M${x.toFixed(0)} ${y.toFixed(0)} l-22 -26 a30 30 0 0 1 44 0 z" transform="rotate(${(i * 37) % 360} ${x.toFixed(0)} ${y.toFixed(0)})"/>`
  }).join('')}</g>
  <g fill="#E9A400" opacity="0.9"><path d="M220 560 l-16 -19 a22 22 0 0 1 32 0 z"/><path d="M380 585 l-14 -17 a20 20 0 0 1 28 0 z" transform="rotate(40 380 585)"/><path d="M560 555 l-16 -19 a22 22 0 0 1 32 0 z" transform="rotate(-30 560 555)"/></g>
  <text x="90" y="230" font-family="${SERIF}" font-size="84" font-weight="700" fill="#5A3A0A">门前的银杏树</text>
  <text x="94" y="300" font-family="${SANS}" font-size="34" fill="#7A5312">一篇关于秋天与等待的小散文</text>
</svg>`,
)
await png(
  'opus-leaves.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#FFF4D6"/>
  ${Array.from({ length: 22 }, (_, i) => {
    const x = 60 + ((i * 137) % 680)
    const y = 60 + ((i * 89) % 480)
    const c = ['#F2B705', '#E9A400', '#D98E04', '#B9770E'][i % 4]
    return `<g transform="rotate(${(i * 53) % 360} ${x} ${y})"><path d="M${x} ${y} l-34 -40 a46 46 0 0 1 68 0 z" fill="${c}"/><path d="M${x} ${y} v26" stroke="#8A5A1C" stroke-width="4"/></g>`
  }).join('')}
</svg>`,
)
await png(
  'opus-street.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <rect width="800" height="600" fill="#DDEBF7"/>
  <path d="M0 420 H800 V600 H0 Z" fill="#9AA5B1"/>
  <path d="M360 600 L400 420 L440 600 Z" fill="#F4F6F8"/>
  <rect x="80" y="210" width="200" height="210" fill="#E4C59E"/><rect x="110" y="250" width="50" height="50" fill="#FFF"/><rect x="200" y="250" width="50" height="50" fill="#FFF"/><rect x="160" y="340" width="40" height="80" fill="#8A5A1C"/>
  <rect x="560" y="250" width="26" height="170" fill="#7A4E1D"/><circle cx="573" cy="220" r="90" fill="#F2B705"/><circle cx="520" cy="260" r="50" fill="#E9A400"/><circle cx="630" cy="250" r="56" fill="#E9A400"/>
</svg>`,
)

// The recording's cover and the fallback share card.
await png(
  'sound-cover.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0E7A5F"/><stop offset="1" stop-color="#14532D"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#g)"/>
  ${Array.from({ length: 40 }, (_, i) => {
    const h = 30 + Math.abs(Math.sin(i * 0.7) * 150) + (i % 3) * 20
    return `<rect x="${60 + i * 12}" y="${300 - h / 2}" width="6" height="${h.toFixed(0)}" rx="3" fill="#A7F3D0" opacity="0.85"/>`
  }).join('')}
  <path d="M430 110 l14 30 32 4 -24 22 7 32 -29 -16 -29 16 7 -32 -24 -22 32 -4 z" fill="#FCD34D"/>
  <text x="300" y="520" font-family="${SERIF}" font-size="54" font-weight="700" fill="#ECFDF5" text-anchor="middle">小星星</text>
</svg>`,
)
await png(
  'share-card.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#0E7A5F"/>
  <circle cx="1040" cy="90" r="220" fill="#13906F"/>
  <circle cx="160" cy="600" r="180" fill="#0A5F4A"/>
  <g transform="translate(120 170) scale(0.56)"><rect width="512" height="512" rx="112" fill="#fff" opacity="0.12"/><path d="M112 150c56-22 104-14 144 18v210c-40-30-88-38-144-18z" fill="#fff"/><path d="M400 150c-56-22-104-14-144 18v210c40-30 88-38 144-18z" fill="#f2a93b"/></g>
  <text x="450" y="300" font-family="${SANS}" font-size="96" font-weight="700" fill="#fff">Habor</text>
  <text x="454" y="380" font-family="${SERIF}" font-size="46" fill="#E6F4EF">阅读世界，表达自我</text>
</svg>`,
)
await png(
  'task-sheet.png',
  `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1100" viewBox="0 0 800 1100">
  <rect width="800" height="1100" fill="#FFFFFF"/>
  <rect x="0" y="0" width="800" height="150" fill="#0E7A5F"/>
  <text x="60" y="96" font-family="${SERIF}" font-size="52" font-weight="700" fill="#fff">《草房子》阅读单</text>
  ${['1. 桑桑最难忘的一件事是什么？', '2. 你最喜欢书中的哪个人物？为什么？', '3. 摘抄三个让你印象深刻的句子。', '4. 用一句话写下你的读后感。']
    .map((q, i) => `<text x="60" y="${250 + i * 210}" font-family="${SANS}" font-size="32" fill="#1F2937">${esc(q)}</text>${[0, 1, 2].map((k) => `<path d="M60 ${300 + i * 210 + k * 44} H740" stroke="#D1D5DB" stroke-width="2"/>`).join('')}`)
    .join('')}
</svg>`,
)

/** 'Twinkle, twinkle' on a reedy, harmonica-like tone: 8 kHz, 16-bit mono WAV. */
function melodyWav() {
  const rate = 8000
  const beat = 0.42
  const N = { C: 523.25, D: 587.33, E: 659.25, F: 698.46, G: 783.99, A: 880 }
  const tune = 'C C G G A A G- F F E E D D C- G G F F E E D- G G F F E E D- C C G G A A G- F F E E D D C-'.split(' ')
  const notes = tune.map((t) => ({ f: N[t[0]], beats: t.endsWith('-') ? 2 : 1 }))
  const total = notes.reduce((s, n) => s + n.beats, 0) * beat + 0.6
  const samples = new Int16Array(Math.ceil(total * rate))
  let t0 = 0
  for (const n of notes) {
    const len = n.beats * beat
    const start = Math.floor(t0 * rate)
    const count = Math.floor(len * rate)
    for (let i = 0; i < count; i++) {
      const t = i / rate
      const env = Math.min(1, t / 0.03) * Math.min(1, (len - t) / 0.08) * (0.85 + 0.15 * Math.sin(2 * Math.PI * 5 * t))
      const w = 2 * Math.PI * n.f * t
      const v = Math.sin(w) + 0.45 * Math.sin(2 * w) + 0.25 * Math.sin(3 * w) + 0.1 * Math.sin(4 * w)
      samples[start + i] += Math.round(v * env * 7000)
    }
    t0 += len
  }
  const data = Buffer.from(samples.buffer)
  const h = Buffer.alloc(44)
  h.write('RIFF', 0)
  h.writeUInt32LE(36 + data.length, 4)
  h.write('WAVE', 8)
  h.write('fmt ', 12)
  h.writeUInt32LE(16, 16)
  h.writeUInt16LE(1, 20)
  h.writeUInt16LE(1, 22)
  h.writeUInt32LE(rate, 24)
  h.writeUInt32LE(rate * 2, 28)
  h.writeUInt16LE(2, 32)
  h.writeUInt16LE(16, 34)
  h.write('data', 36)
  h.writeUInt32LE(data.length, 40)
  return { buf: Buffer.concat([h, data]), ms: Math.round((samples.length / rate) * 1000) }
}
const wav = melodyWav()
writeFileSync(new URL('sound-twinkle.wav', out), wav.buf)
console.log('sound-twinkle.wav', wav.buf.length, `${wav.ms} ms`)
