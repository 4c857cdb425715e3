/**
 * The prerendered entry pages the build writes to dist/_prerender/<path>.html (scripts/prerender.mjs):
 * their HTML already holds the first screen, so a phone paints before any JavaScript runs.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** pathname (e.g. '/login', '/share/opus' from share/opus.html) → HTML, read once at start-up. */
export function loadPrerendered(distDir: string): Map<string, string> {
  const dir = join(distDir, '_prerender')
  const pages = new Map<string, string>()
  if (!existsSync(dir)) return pages
  const walk = (sub: string) => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(rel)
      else if (entry.isFile() && entry.name.endsWith('.html')) pages.set(`/${rel.slice(0, -'.html'.length)}`, readFileSync(join(dir, rel), 'utf8'))
    }
  }
  walk('')
  return pages
}

/** The HTML for an app URL: its prerendered page when there is one, else the shell. */
export function templateFor(pages: Map<string, string>, url: string, shell: string): string {
  const pathname = (url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/'
  return pages.get(pathname) ?? shell
}

/**
 * The Content-Security-Policy sources of the pages' inline scripts (their starter): one 'sha256-…' per
 * distinct script, so exactly those run and no other inline script can.
 */
export function inlineScriptSources(pages: Map<string, string>): string[] {
  const hashes = new Set<string>()
  for (const html of pages.values()) {
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(m[1] ?? '').digest('base64')}'`)
    }
  }
  return [...hashes]
}
