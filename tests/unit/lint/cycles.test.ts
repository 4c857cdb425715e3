// @vitest-environment node
/**
 * No import circle in src/, server/ or sw/ (docs/architecture.md): every import counts, a type-only one
 * too, since a circle of types still ties two modules into one. Paths are resolved by TypeScript itself.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const OPTIONS: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, allowImportingTsExtensions: true }

const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))

/** Each file's imports (static, re-exports, import(), type-only) that resolve to one of ours. */
function graph(files: string[]): Map<string, string[]> {
  const ours = new Set(files)
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      const to = importedFiles.map((i) => ts.resolveModuleName(i.fileName, file, OPTIONS, ts.sys).resolvedModule?.resolvedFileName).filter((f): f is string => !!f && ours.has(f))
      return [file, to]
    }),
  )
}

/** The circles, each once, as repository paths (depth-first search with an on-path stack). */
function circles(edges: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (f: string) => {
    state.set(f, 'open')
    path.push(f)
    for (const g of edges.get(f) ?? []) {
      if (state.get(g) === 'open') found.push(path.slice(path.indexOf(g)).map((p) => relative(ROOT, p)))
      else if (!state.has(g)) visit(g)
    }
    path.pop()
    state.set(f, 'done')
  }
  for (const f of edges.keys()) if (!state.has(f)) visit(f)
  return found
}

describe('import circles', () => {
  it('the finder finds a circle made of a type-only import', () => {
    const a = join(ROOT, 'a.ts')
    const b = join(ROOT, 'b.ts')
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([['a.ts', 'b.ts']])
  })

  it('src/, server/ and sw/ have none', () => {
    expect(circles(graph([...sources('src'), ...sources('server'), ...sources('sw')]))).toEqual([])
  })
})
