import { chromium } from 'playwright-core'
const base = process.argv[2] ?? 'http://127.0.0.1:18095'
const slow = process.argv[3] === 'slow'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  if (slow) await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
  await page.addInitScript(() => {
    const w = globalThis; w.__t = {}; w.__tasks = []
    const mark = (k) => { if (!(k in w.__t)) w.__t[k] = Math.round(performance.now()) }
    addEventListener('focusin', () => mark('focusin'), true)
    addEventListener('click', () => mark('click'), true)
    addEventListener('habor:tap-held', () => mark('held'))
    const f = w.fetch; w.fetch = (...a) => { if (String(a[0]).includes('/api/login')) mark('fetch'); return f(...a) }
    setInterval(() => { if (document.documentElement?.hasAttribute('data-started')) mark('started') }, 5)
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__tasks.push([Math.round(e.startTime), Math.round(e.duration)]) }).observe({ type: 'longtask', buffered: true })
  })
  await page.goto(`${base}/login`, { waitUntil: 'commit' })
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, null, { polling: 16 })
  const r = await page.evaluate(() => Object.fromEntries([['phone', '#login-phone'], ['password', '#login-password'], ['agree', '#login-agree'], ['button', 'button[data-prestart="login"]']].map(([k, sel]) => { const b = document.querySelector(sel).getBoundingClientRect(); return [k, [b.x + b.width / 2, b.y + b.height / 2]] })))
  await page.mouse.click(...r.phone); await page.keyboard.insertText('13800138000')
  await page.mouse.click(...r.password); await page.keyboard.insertText('Passw0rd!')
  await page.mouse.click(...r.agree); await page.mouse.click(...r.button)
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/login')), null, { polling: 16, timeout: 30_000 })
  await page.waitForTimeout(3000)
  const out = await page.evaluate(() => ({
    fcp: Math.round(performance.getEntriesByName('first-contentful-paint')[0].startTime),
    t: globalThis.__t,
    res: performance.getEntriesByType('resource').filter((e) => /assets|api\/login/.test(e.name)).map((e) => `${e.name.replace(/.*\//, '').slice(0, 18)} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`),
    tasks: globalThis.__tasks,
  }))
  console.log(JSON.stringify(out))
  await context.close()
}
await browser.close()
