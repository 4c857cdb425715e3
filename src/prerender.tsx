/**
 * Build-time prerender of the public entry pages (scripts/prerender.mjs): the page's HTML in zh-Hans for
 * a logged-out visitor, so the first paint never waits for JavaScript. React hydrates it on the client.
 */
import type { JSX } from 'react'
import { prerender } from 'react-dom/static'
import { Router } from 'wouter'
import { App } from './app/App'
import { HomeFrame } from './pages/Home/HomeFrame'
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

/** The frames of login-only pages that the service worker paints on a signed-in open (docs/performance.md). */
const FRAMES: Record<string, () => JSX.Element> = { '/home': () => <HomeFrame /> }

export async function renderFrame(path: string): Promise<string> {
  const frame = FRAMES[path]
  if (!frame) throw new Error(`prerender: no frame for ${path}`)
  const { prelude } = await prerender(frame())
  return streamToString(prelude)
}
