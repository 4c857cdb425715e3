// After `vite build`: write a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text
// asset of dist/, which the server sends as they are (`preCompressed` in server/plugins/web.ts). The
// files never change once built, so compressing them once at the highest levels beats compressing every
// response at a fast level: smaller transfers, and no server CPU spent on them per request.
// Usage: node scripts/precompress.mjs [distDir]   (default dist/, or HABOR_OUT_DIR)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = new URL('..', import.meta.url).pathname
const dist = process.argv[2] ?? process.env.HABOR_OUT_DIR ?? join(root, 'dist')
/** Text files worth compressing; images and icons are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    // The prerendered pages are sent through the server's template code, which compresses them itself.
    if (entry.isDirectory()) {
      if (entry.name !== '_prerender' && entry.name !== '.vite') yield* files(path)
    } else if (TEXT.test(entry.name) && statSync(path).size >= MIN_BYTES) yield path
  }
}

let count = 0
let raw = 0
let br = 0
for (const path of files(dist)) {
  const data = readFileSync(path)
  const brotli = brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  })
  writeFileSync(`${path}.br`, brotli)
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }))
  count++
  raw += data.length
  br += brotli.length
}
console.log(`precompressed ${count} files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`)
