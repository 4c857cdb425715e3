// Compiles the server once, at build time, into server/dist/main.mjs, and the operator's command line into
// server/dist/admin.mjs: ES modules that plain `node` runs, with the runtime dependencies left as imports of
// node_modules.
// It sits one folder below server/, so the paths the server finds beside its own sources (server/assets)
// resolve the same from the compiled file as from server/main.ts under tsx.
import { build } from 'esbuild'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
// The oldest Node the project runs on (package.json engines, ">=22.12.0"), so esbuild lowers nothing that
// Node has: the bundle's target moves with the engines line instead of being kept in step by hand.
const minimum = /^>=\s*(\d+(?:\.\d+){0,2})$/.exec(pkg.engines.node)?.[1]
if (!minimum) throw new Error(`package.json engines.node is not ">=x.y.z": ${pkg.engines.node}`)
// crypto-js is bundled: its subpath imports (crypto-js/sha256), shared with the app, name no file
// extension, which Node's ES module loader will not guess. It is small and has no native parts.
const bundled = ['crypto-js']
const external = Object.keys(pkg.dependencies)
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
  target: `node${minimum}`,
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
