// Compiles the server once, at build time, into server/dist/main.mjs, and the operator's command line into
// server/dist/admin.mjs: ES modules that plain `node` runs, with the runtime dependencies left as imports of
// node_modules.
// It sits one folder below server/, so the paths the server finds beside its own sources (server/assets)
// resolve the same from the compiled file as from server/main.ts under tsx.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
// crypto-js is bundled: its subpath imports (crypto-js/sha256), shared with the app, name no file
// extension, which Node's ES module loader will not guess. It is small and has no native parts.
const bundled = ['crypto-js']
const external = Object.keys(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).dependencies)
  .filter((name) => !bundled.includes(name))
  .flatMap((name) => [name, `${name}/*`])

await build({
  absWorkingDir: root,
  entryPoints: { main: 'server/main.ts', admin: 'server/admin/cli.ts' },
  outdir: 'server/dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  // The map points at the sources in server/, which ship beside it.
  sourcesContent: false,
  // Names stay readable in stack traces; the file is read by node, not downloaded.
  minify: false,
  logLevel: 'warning',
  legalComments: 'none',
})
console.log('compiled the server → server/dist/main.mjs, server/dist/admin.mjs')
