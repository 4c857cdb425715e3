/**
 * The starter of the prerendered pages. scripts/prerender.mjs writes it into their HTML as an inline
 * module script, so nothing is fetched before the first paint: the HTML and its inlined CSS are the whole
 * first screen. Once the page has loaded and painted, it asks for the app's modules all at once and
 * imports the app, which hydrates the page. A tap, key or focus before then starts it at once.
 *
 * It is serialised with Function.prototype.toString, so it must not use anything from outside its body.
 */
export function startAfterPaint(app: string, modules: readonly string[], load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url)): void {
  const inputs = ['pointerdown', 'keydown', 'focusin']
  let started = false
  const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0))
  const start = () => {
    if (started) return
    started = true
    removeEventListener('load', afterPaint)
    for (const type of inputs) removeEventListener(type, start, true)
    // One insertion for all of them: the browser fetches them in parallel instead of finding them level
    // by level through their imports.
    const links = document.createDocumentFragment()
    for (const href of modules) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      links.append(link)
    }
    document.head.append(links)
    void load(app)
  }
  if (document.readyState === 'complete') afterPaint()
  else addEventListener('load', afterPaint, { once: true })
  for (const type of inputs) addEventListener(type, start, { capture: true, passive: true })
}
