/**
 * Build-time prerender of the public entry pages (scripts/prerender.mjs): the page's HTML in zh-Hans for
 * a logged-out visitor, so the first paint never waits for JavaScript. React hydrates it on the client.
 */
import type { JSX } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { PAGES } from '../manifest/pages'
import { App } from './app/App'
import { FRAME_BODIES } from './pages/frames'
import { HomeFrame } from './pages/Home/HomeFrame'
import { PageFrame } from './ui/PageFrame/PageFrame'
import { UpdatePrompt } from './ui/UpdatePrompt/UpdatePrompt'

export { startAfterPaint } from './app/startAfterPaint'

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  let html = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    html += decoder.decode(value, { stream: true })
  }
  return html + decoder.decode()
}

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <Router ssrPath={path} ssrSearch="">
      <App />
      <UpdatePrompt />
    </Router>,
  )
  return streamToString(prelude)
}

/**
 * The frames the service worker paints on a signed-in open (docs/performance.md "The daily open"): one
 * per login-only page of the page table, path → its frame. Home's is its own; every other page's is its
 * bar and title over its placeholders (pages/frames.tsx).
 */
const FRAMES: Record<string, () => JSX.Element> = Object.fromEntries(
  PAGES.filter((page) => page.access === 'login').map((page) => {
    const body = FRAME_BODIES[page.name]
    const frame = page.name === 'Home' ? () => <HomeFrame /> : () => <PageFrame page={page}>{body?.()}</PageFrame>
    return [page.path, frame]
  }),
)

/** The framed pages for the build: path → source module of the page that renders over the frame. */
export const FRAME_PAGES: Record<string, string> = Object.fromEntries(
  PAGES.filter((page) => page.access === 'login').map((page) => [page.path, `src/pages/${page.name}/${page.name}.tsx`]),
)

export async function renderFrame(path: string): Promise<string> {
  const frame = FRAMES[path]
  if (!frame) throw new Error(`prerender: no frame for ${path}`)
  const { prelude } = await prerender(frame())
  return streamToString(prelude)
}
