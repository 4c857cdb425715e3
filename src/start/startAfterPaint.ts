/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * The starter of the prerendered pages. scripts/prerender.mjs writes it into their HTML as an inline
 * script, so nothing is fetched before the first paint: the HTML and its inlined CSS are the whole first
 * screen. It is a classic script at the end of the body, run as the parser meets it, and the page is not
 * drawn before it has run (a render-blocking `expect` link): no tap can reach a control it does not hold
 * yet. Once the page has loaded and painted, it asks for the modules of the app's logic all at
 * once and imports the app, whose view then hydrates the page; Login's small first chunk is imported as
 * soon as the first paint is reported (docs/performance.md "The first visit's tap"). A tap, key or focus
 * before then starts it in the next task.
 *
 * Until the app has taken the page over (it marks <html data-started>), a tap on a control marked
 * `data-prestart` is held, not lost: a tab (`tab:<panel>`) switches at once between the prerendered
 * panels (`data-prestart-panel`); any other control shows itself busy and its key is kept in
 * `window.__prestart`, for the app to carry out once: its logic may do so before its view has started
 * (pages/Login/early.ts), else the page does as it starts (start/lib/prestart.ts). What was typed stays in
 * the fields, where the page reads it back.
 *
 * When the app's scripts do not load (a Wi-Fi sign-in page answers every request with its own HTML, or
 * the network is gone) the page would otherwise stay as painted, a held 登录 busy for ever. Then the held
 * taps end, a note says why (`stuck`: the sign-in page when the script's address answers with HTML or a
 * redirect, else that the server cannot be reached), and loading is tried again every STUCK_RETRY_MS and
 * at each tap; the note goes once the app has started. The app's logic, once it runs, reports a view that
 * did not load the same way (`window.__startStuck`, main.tsx).
 *
 * It is serialised with Function.prototype.toString, so it must not use anything from outside its body.
 */
export function startAfterPaint(
  app: string,
  modules: readonly string[],
  view: readonly string[] = [],
  // The built chunks' URLs, known only after the build: no module of src/ is named here to resolve.
  // eslint-disable-next-line no-restricted-syntax
  load: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
  // Imported before the logic's modules are asked for: on Login, the chunk that sends a first visit's
  // held 登录 before the logic has loaded (start/lib/firstTap.ts).
  first: readonly string[] = [],
  // The web app manifest, linked once the first paint is reported: its request and its icons', done
  // before the paint, are counted by Lighthouse as holding that paint back.
  manifest = '',
  // The note shown when the app's scripts do not load, per language ('zh-Hans', 'en'): behind a sign-in
  // page, cut off, and the link that opens the sign-in page.
  stuckTexts: Record<string, { portal: string; cutOff: string; open: string }> = {},
  // The page's icon (a data URL). The page links an empty one, so that the browser neither fetches
  // /favicon.ico nor decodes an icon as the page loads, when it would hold back the paint's report and a
  // first tap (docs/performance.md "The first visit's tap"); the starter puts this one in its place once
  // the app's logic has loaded.
  icon = '',
): void {
  const STUCK_RETRY_MS = 3000
  const inputs = ['pointerdown', 'keydown', 'focusin']
  let started = false
  // A page may paint nothing contentful, so it does not wait for ever (docs/performance.md "When the paint
  // is late, or never reported"). Where the browser reports a first paint with nothing contentful in it
  // (Chromium and Firefox report "first-paint", with a contentful paint of the same frame at the same
  // time), it goes on PAINT_WAIT_MS after that report. Where nothing at all is reported PAINT_WAIT_MS
  // after its first frame (WebKit reports no "first-paint"), it goes on once FRAMES_AFTER_WAIT more frames
  // have been drawn with still nothing reported: on a busy machine the first frame can take longer than
  // that to reach the screen, and a timer alone would then start the app before the paint it waits for.
  const PAINT_WAIT_MS = 500
  const FRAMES_AFTER_WAIT = 2
  // After the first frame has reached the screen, not only been drawn: a request that starts before the
  // first contentful paint is reported counts, for Lighthouse, as holding that paint back. Where the
  // browser times paints, the starter hears of that paint as any observer does, and does its work in the
  // task that reports it, after the observers that came before it (a password manager filling the form):
  // nothing of it runs between the paint and that report, it asks for no frame while it waits (but the
  // first, to time its wait from, and those after a wait with nothing reported), and a first tap's chunk
  // is on its way before the tap. Elsewhere, one frame.
  const paintTimed = 'PerformancePaintTiming' in window && typeof PerformanceObserver === 'function'
  let paintSeen = !paintTimed
  // Any paint reported, contentful or not.
  let reported = false
  const waiting: Array<() => void> = []
  let paintWait: ReturnType<typeof setTimeout> | undefined
  let observer: PerformanceObserver | undefined
  const painted = () => {
    if (paintSeen) return
    paintSeen = true
    observer?.disconnect()
    clearTimeout(paintWait)
    for (const then of waiting.splice(0)) then()
  }
  const framesThen = (frames: number) => {
    if (reported) return
    if (frames === 0) painted()
    else requestAnimationFrame(() => framesThen(frames - 1))
  }
  if (paintTimed) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) painted()
      else if (!reported && list.getEntriesByName('first-paint').length > 0) {
        reported = true
        clearTimeout(paintWait)
        paintWait = setTimeout(painted, PAINT_WAIT_MS)
      }
    })
    observer.observe({ type: 'paint', buffered: true })
    requestAnimationFrame(() => {
      if (!paintSeen && !reported) paintWait = setTimeout(() => framesThen(FRAMES_AFTER_WAIT), PAINT_WAIT_MS)
    })
  }
  const whenPainted = (then: () => void) => () => {
    if (!paintTimed) requestAnimationFrame(() => setTimeout(then, 0))
    else if (paintSeen) then()
    else waiting.push(then)
  }
  const afterPaint = whenPainted(() => start())
  // One insertion for all of them: the browser fetches them in parallel instead of finding them level by
  // level through their imports.
  const preload = (hrefs: readonly string[]) => {
    const links = document.createDocumentFragment()
    for (const href of hrefs) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      links.append(link)
    }
    document.head.append(links)
  }
  const start = () => {
    if (started) return
    started = true
    removeEventListener('load', afterPaint)
    for (const type of inputs) removeEventListener(type, startSoon, true)
    // The app's logic first; its view once the logic runs (start/lib/prestart.ts preloadView), so that on
    // a slow link the logic, which carries out a held tap, does not share the link with React DOM.
    window.__preloadView = () => preload(view)
    const logic = () => {
      preload(modules)
      const attempt = () => load(app).then(going, () => stuck(attempt))
      attempt()
    }
    // The chunks to import first are asked for alone, and the logic once they have run: on a slow phone,
    // compiling the logic's modules as they arrive would hold their evaluation (a held 登录 sent) back by
    // 100–150 ms. A tap usually comes right at the first paint, as the page starts by itself.
    if (first.length > 0) void runFirst().then(logic)
    else logic()
  }
  // The chunks to import first are small: they are asked for as soon as the first paint is reported,
  // without waiting for the page's load event, so that a tap at the first paint finds them there.
  let firstRun: Promise<unknown> | undefined
  const runFirst = () => (firstRun ??= Promise.all(first.map((url) => load(url))).catch(() => undefined))
  // On an input, in a task of its own: the input's task (which marks a held tap busy) stays short, and no
  // one task both handles the input and inserts the links.
  const startSoon = () => {
    if (!started) setTimeout(start, 0)
  }
  if (document.readyState === 'complete') afterPaint()
  else addEventListener('load', afterPaint, { once: true })
  whenPainted(() => {
    if (manifest && !document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement('link')
      link.rel = 'manifest'
      link.href = manifest
      document.head.append(link)
    }
    if (first.length > 0) void runFirst()
  })()
  for (const type of inputs) addEventListener(type, startSoon, { capture: true, passive: true })

  const held: string[] = []
  window.__prestart = held

  let note: HTMLElement | undefined
  let again: (() => void) | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const tryAgain = () => {
    clearTimeout(timer)
    const next = again
    again = undefined
    next?.()
  }
  const going = () => {
    clearTimeout(timer)
    again = undefined
    note?.remove()
    note = undefined
    const placeholder = document.querySelector<HTMLLinkElement>('link[rel="icon"][href="data:,"]')
    if (icon && placeholder) {
      placeholder.type = 'image/svg+xml'
      placeholder.href = icon
    }
  }
  const stuck = (retry: () => void) => {
    if (document.documentElement.hasAttribute('data-started')) return
    held.length = 0
    for (const control of document.querySelectorAll('[data-prestart][aria-busy]')) {
      control.removeAttribute('aria-busy')
      control.classList.remove('btn--busy')
    }
    again = retry
    clearTimeout(timer)
    timer = setTimeout(tryAgain, STUCK_RETRY_MS)
    const texts = stuckTexts[/[?&]lang=en(&|$)/.test(location.search) ? 'en' : 'zh-Hans']
    if (!texts) return
    // Is it a sign-in page? The app's own script answers with its HTML, or with a redirect elsewhere.
    void fetch(app, { cache: 'no-store', redirect: 'manual' }).then(
      (res) => res.type === 'opaqueredirect' || (res.headers.get('content-type') ?? '').includes('text/html'),
      () => false,
    ).then((portal) => {
      if (!again) return
      if (!note) {
        note = document.createElement('div')
        note.setAttribute('role', 'alert')
        note.className = 'start-stuck'
        note.style.cssText = 'position:sticky;top:0;z-index:800;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:4px 12px;padding:10px 16px;background:#fff4e5;color:#663c00;font-size:14px;line-height:1.5;text-align:center'
        const text = document.createElement('span')
        const link = document.createElement('a')
        link.href = '/download?wifi=1'
        link.target = '_blank'
        link.rel = 'noopener'
        link.textContent = texts.open
        link.style.cssText = 'display:inline-flex;align-items:center;min-height:44px;color:inherit;font-weight:600'
        note.append(text, link)
        document.body.prepend(note)
      }
      ;(note.firstChild as HTMLElement).textContent = portal ? texts.portal : texts.cutOff
    })
  }
  window.__startStuck = stuck

  const hold = (event: Event) => {
    if (document.documentElement.hasAttribute('data-started')) {
      removeEventListener('click', hold, true)
      return
    }
    // A tap while the app would not load: try again now (the Wi-Fi may be signed in to by now).
    if (again) tryAgain()
    const control = (event.target as Element | null)?.closest?.<HTMLElement>('[data-prestart]')
    if (!control) return
    // Neither the browser (a form submit would reload the page) nor React, replaying it, acts on it:
    // the page does, once, when it starts.
    event.preventDefault()
    event.stopPropagation()
    const key = control.dataset.prestart ?? ''
    if (key.startsWith('tab:')) {
      for (const tab of control.parentElement?.children ?? []) tab.setAttribute('aria-selected', String(tab === control))
      for (const panel of document.querySelectorAll<HTMLElement>('[data-prestart-panel]')) panel.hidden = panel.dataset.prestartPanel !== key.slice(4)
    } else if (!held.includes(key)) {
      held.push(key)
      control.setAttribute('aria-busy', 'true')
      control.classList.add('btn--busy')
      // The app's logic, once it runs, may carry it out before the page starts (start/lib/prestart.ts).
      dispatchEvent(new Event('habor:tap-held'))
    }
    startSoon()
  }
  addEventListener('click', hold, true)
}
