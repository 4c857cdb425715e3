/**
 * Login before its view has started (docs/architecture.md "Start-up"): the sign-in taps a student
 * makes on the prerendered page — 登录, 获取验证码, single sign-on — are held by the starter
 * (start/startAfterPaint.ts) and carried out here, by the app's own sign-in flows, as soon as the app's logic
 * has started, without waiting for React DOM. A tap whose form is not ready (a field missing or malformed,
 * the agreement unticked) stays held for the page, which says why when it starts. The page adopts what is
 * under way (takeEarly) to keep the control busy and to say how it ended.
 */
import { checkPhone, codeDigits, failed, phoneDigits, signInChecks } from '../../lib/auth/checks'
import { closeFirstTap } from '../../start/lib/firstTap'
import { onTapHeld, releaseTap } from '../../start/lib/prestart'
import { loadFlows as importFlows } from '../../ui/AuthForm/loadFlows'

export type EarlyTap = 'login' | 'sms' | 'sso'
const TAPS: readonly string[] = ['login', 'sms', 'sso'] satisfies EarlyTap[]
/** A sign-in under way for each early tap that started one. */
export type EarlyWork = Partial<Record<EarlyTap, Promise<void>>>

let underWay: EarlyWork = {}
/** The early taps whose sign-in failed before the view came to say so: a new tap on one is a new attempt. */
const ended = new Set<EarlyTap>()

type Flows = typeof import('../../state/session/flows')
let flowsLoading: Promise<Flows> | undefined
/** The flows, loaded as soon as the page is taken over: a tap then sends its request in the task that took it. */
let flows: Flows | undefined
const loadFlows = (): Promise<Flows> => (flowsLoading ??= importFlows().then((m) => (flows = m)))
const input = (id: string) => document.getElementById(id) as HTMLInputElement | null
const smsChosen = () => document.getElementById('login-tab-sms')?.getAttribute('aria-selected') === 'true'

/** The flow a tap starts with what the form holds now, or undefined when the page must first say what is missing. */
function flowOf(tap: EarlyTap): ((f: Flows) => Promise<void>) | undefined {
  const phone = phoneDigits(input('login-phone')?.value ?? '')
  if (tap === 'sms') return checkPhone(phone) ? undefined : (f) => f.sendSmsCode(phone, 'login')
  if (!input('login-agree')?.checked) return undefined
  if (tap === 'sso') return (f) => f.startOauth()
  const by = smsChosen() ? 'sms' : 'password'
  const secret = by === 'sms' ? codeDigits(input('login-code')?.value ?? '') : (input('login-password')?.value ?? '')
  if (failed(signInChecks(by, phone, secret))) return undefined
  return (f) => f.signInAndGo(by, phone, secret, location.search.replace(/^\?/, ''))
}

function carryOut(tap: string): void {
  if (!TAPS.includes(tap)) return
  const key = tap as EarlyTap
  // A second tap on a control already at work is the same tap.
  if (underWay[key] && !ended.has(key)) {
    releaseTap(key)
    return
  }
  const flow = flowOf(key)
  if (!flow) return
  releaseTap(key)
  const running = flows ? flow(flows) : loadFlows().then(flow)
  // The page reports the failure once it has started; until then nobody is waiting on it.
  ended.delete(key)
  running.catch(() => underWay[key] === running && ended.add(key))
  underWay[key] = running
}

/**
 * Carries out the sign-in taps held on the prerendered Login, now and until the page starts. Resolves once
 * the flows have loaded: the view waits for that, so that a tap is never queued behind React DOM's start.
 */
export function takeOverTaps(): Promise<unknown> {
  closeFirstTap()
  onTapHeld(carryOut)
  return loadFlows().catch(() => undefined)
}

/** What the early taps started (and forgets it): the page shows each as busy until it ends, and its failure. */
export function takeEarly(): EarlyWork {
  const taken = underWay
  underWay = {}
  ended.clear()
  return taken
}
