/**
 * Start-up, in order: docs/performance.md "From the first byte to the first tap and the daily open's frame".
 *
 * A first visit's 登录, sent before the app's logic has loaded (docs/architecture.md "Start-up").
 *
 * The prerendered Login's starter imports this small chunk first, before the logic's modules. On a first
 * visit nothing of the app is in storage: no device code, no session, no organisation, so nothing the
 * login request carries is behind the storage cipher. A 登录 held on the password tab, with the agreement
 * ticked and a form that passes Login's own checks, is then sent from here at once, exactly as the
 * sign-in flow will send it. When the logic runs, the flow builds the same request and the request client
 * adopts this answer instead of sending it again (`takeFirstAnswer`, lib/http/client.ts); the tokens in
 * it go to encrypted storage as always, once the cipher is there. Anything else (another tab, the SMS
 * code, a returning device, a form the checks refuse) waits for the logic as before, which says why.
 */
import { APP_CONFIG } from '../../../manifest/app'
import { API, API_BASE, HEADER } from '../../contract/api'
import { env, httpConfig } from '../../lib/http/config'
import { urlOf } from '../../lib/http/headers'
import { detectDeviceType, newDeviceCode } from '../../lib/device/device'
import { STORAGE_PREFIX } from '../../lib/storage/prefix'
import { checkPassword, checkPhone, phoneDigits } from '../../lib/auth/signInRules'

/** What came back for the request sent here: the response, or why none came. */
export type FirstAnswer = { statusCode: number; url?: string; header: Record<string, string>; text: string } | { failed: 'network' | 'timeout' }

interface Sent {
  method: string
  url: string
  body: string
  answer: Promise<FirstAnswer>
}

/** docs/product.md "Timing and limits": the request time-out (lib/http/client.ts DEFAULT_TIMEOUT_MS). */
const TIMEOUT_MS = 60_000
const TAP_HELD_EVENT = 'habor:tap-held'

let sent: Sent | undefined
let code: string | undefined
let closed = false

/** The device code of a launch that found none stored: the one this chunk sends, if it sends, and the one the logic stores. */
export function firstDeviceCode(): string {
  return (code ??= newDeviceCode())
}

/**
 * The answer to the request sent here, if it is exactly this one (method, URL and body); taken once.
 * Anything else finds nothing and is sent as usual.
 */
export function takeFirstAnswer(method: string, url: string, body: unknown): Promise<FirstAnswer> | undefined {
  const s = sent
  if (!s || s.method !== method || s.url !== url || s.body !== body) return undefined
  sent = undefined
  return s.answer
}

/** The logic carries out the held taps from now on (pages/Login/early.ts): nothing more is sent from here. */
export function closeFirstTap(): void {
  closed = true
  removeEventListener(TAP_HELD_EVENT, sendHeld)
}

/** Nothing of the app in storage: no device code, no session, no organisation to send. */
function firstVisit(): boolean {
  try {
    // Only whether a key of ours is there: no value is read, so the cipher is not needed.
    // eslint-disable-next-line no-restricted-globals
    const store = localStorage
    for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(STORAGE_PREFIX)) return false
    return true
  } catch {
    return false
  }
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement | null

async function exchange(url: string, body: string): Promise<FirstAnswer> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { [HEADER.appId]: httpConfig().appId, 'Content-Type': 'application/json' },
      body,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const header: Record<string, string> = {}
    res.headers.forEach((v, k) => {
      header[k.toLowerCase()] = v
    })
    return { statusCode: res.status, url: res.url || undefined, header, text: await res.text() }
  } catch (e) {
    return { failed: (e as Error | undefined)?.name === 'TimeoutError' ? 'timeout' : 'network' }
  }
}

/** Sends the held 登录 when it may go before the logic (see above); at most once. */
export function sendHeld(): void {
  const held = window.__prestart
  if (closed || sent || !held?.includes('login')) return
  if (document.getElementById('login-tab-sms')?.getAttribute('aria-selected') === 'true') return
  if (!field('login-agree')?.checked) return
  const phone = phoneDigits(field('login-phone')?.value ?? '')
  const password = field('login-password')?.value ?? ''
  if (checkPhone(phone) || checkPassword(password) || !firstVisit()) return
  const spec = API.login
  // In the order of state/session/flows.ts loginPassword: { username, password, ...deviceInfo() }.
  const body = JSON.stringify({
    username: phone,
    password,
    deviceType: detectDeviceType({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }),
    deviceCode: firstDeviceCode(),
    appId: APP_CONFIG.appId,
  })
  const url = urlOf(httpConfig().baseUrl ?? env('VITE_API_BASE') ?? API_BASE, spec.path)
  sent = { method: spec.method, url, body, answer: exchange(url, body) }
}

// Imported by the starter of the prerendered Login before anything else of the app: the tap may be held
// already, or come before the logic takes over.
if (typeof window !== 'undefined' && document.getElementById('root')?.dataset.prerendered === '/login') {
  addEventListener(TAP_HELD_EVENT, sendHeld)
  sendHeld()
}
