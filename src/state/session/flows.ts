/**
 * The sign-in flows of docs/product.md on the real calls: each login kind applies its decision (decisions.ts),
 * fetches the profile when a session was stored, and returns the kind's value. Also logout, LOGINED, the
 * profile reload, the steps of registration and recovery, and the way into the app after a login.
 * Loaded on demand (on submit), so /login's first load carries none of it.
 */
import { APP_CONFIG } from '../../../manifest/app'
import { pageByName } from '../../../manifest/pages'
import { afterLoginRoute, afterLoginTarget } from '../../lib/auth/guard'
import { currentIndex, currentUrl, replace, replaceAll } from '../navigation'
import { normalizePhone } from '../../contract/phone'
import { API, type DeviceInfo, type OauthPayload, type SentScene, type StudentProfile } from '../../contract/api'
import { CODE } from '../../contract/codes'
import { appState } from '../app'
import { authState, setLastPhone, setOrg, setPendingRoute, setProfile } from '../auth'
import { dispatch, endSession, storeAnswer } from './machine'
import { isIOS } from '../../lib/device/device'
import { deviceCode } from '../../lib/device/deviceCode'
import { call, errors, isRequestError, isUnreachable, RequestError } from '../../lib/http'
import { startCountdown, SMS_COUNTDOWN_S } from '../smsCountdown'
import {
  asksBirth,
  bindingDecision,
  homeDelayMs,
  improveDecision,
  oauthDecision,
  passwordDecision,
  smsDecision,
  wxMpDecision,
  type Decision,
  type Next,
  type OauthResult,
} from '../../lib/auth/decisions'
import { quietly } from '../../lib/events/loggedIn'
import { retryAfterOf } from '../../lib/http/errors'

/** docs/product.md "Stored state": deviceType, deviceCode and appId go with every login. */
export function deviceInfo(): DeviceInfo {
  return { deviceType: appState.deviceType, deviceCode: deviceCode(), appId: APP_CONFIG.appId }
}

/** docs/product.md "Input rules": '+86' before the username (SMS, forgot password, bind phone); a bad number is refused here. */
export function plus86(phone: string): string {
  const p = normalizePhone(phone)
  if (!p) throw errors.business(CODE.PARAM_INVALID, 'username: not a mainland mobile number', 200)
  return p
}

/**
 * docs/product.md: a failed profile fetch rejects with 200004 'account does not exist' (a network failure stays one).
 * The first profile of a session moves it on (machine.ts): a login's into `entering`, a cached one's into `signedIn`.
 */
export async function loadProfile({ loading = true }: { loading?: boolean } = {}): Promise<StudentProfile> {
  let profile: StudentProfile
  try {
    profile = await call(API.student, { query: { appId: APP_CONFIG.appId }, loading })
  } catch (e) {
    if (isUnreachable(e) || (isRequestError(e) && e.kind === 'expired')) throw e
    throw errors.business(CODE.USER_NOT_FOUND, 'account does not exist', isRequestError(e) ? e.statusCode : 200)
  }
  setProfile({ ...profile })
  dispatch({ type: 'profileIn' })
  return profile
}

/** What a login kind answers: its own value (docs/product.md#login-kinds) and the page it leads to, for go(). */
export interface Signed<R> {
  result: R
  next: Next
}

async function run<R>(decide: () => Promise<Decision<R>>): Promise<Signed<R>> {
  const decision = await decide()
  storeAnswer(decision.store)
  if (decision.profile) await loadProfile()
  return { result: decision.result, next: decision.next }
}

/**
 * Sends a sign-in request and then remembers the phone (docs/product.md "Stored state": lastPhone), so
 * that the phone's encryption runs while the request is on its way, not before it leaves.
 */
function sendRemembering<T>(phone: string, send: () => Promise<T>): Promise<T> {
  const answer = (async () => send())()
  setLastPhone(phone)
  return answer
}

export function loginPassword(phone: string, password: string): Promise<Signed<undefined>> {
  const answer = sendRemembering(phone, () => call(API.login, { body: { username: phone, password, ...deviceInfo() } }))
  return run(async () => passwordDecision(await answer))
}

export function loginSms(phone: string, code: string): Promise<Signed<'isPassword' | string | undefined>> {
  const answer = sendRemembering(phone, () => call(API.loginSms, { body: { username: plus86(phone), code, isAdmin: false, ...deviceInfo() } }))
  return run(async () => smsDecision(await answer))
}

export function loginOauth(payload: OauthPayload): Promise<Signed<OauthResult>> {
  return run(async () => oauthDecision(await call(API.loginOauth, { body: { payload, isAdmin: false, ...deviceInfo() } })))
}

export function loginWxMp(jsCode: string): Promise<Signed<boolean>> {
  return run(async () => wxMpDecision(await call(API.loginWxMp, { body: { payload: jsCode, sort: 1, ...deviceInfo() } })))
}

export function bindPhone(phone: string, smsCode: string): Promise<Signed<string | undefined>> {
  const answer = sendRemembering(phone, () => call(API.loginOauthBinding, { body: { username: plus86(phone), payload: smsCode, isAdmin: false, ...deviceInfo() } }))
  return run(async () => bindingDecision(await answer))
}

/** Login's form: a sign-in by password or by SMS code, then into the app where it leads. */
export async function signInAndGo(by: 'password' | 'sms', phone: string, secret: string, loginSearch = ''): Promise<void> {
  const signed = by === 'password' ? await loginPassword(phone, secret) : await loginSms(phone, secret)
  await go(signed.next, loginSearch)
}

/** LOGINED: a session already exists (launch, or a page that signed in itself): reload the profile. */
export async function loginLogined(): Promise<Signed<undefined>> {
  await loadProfile()
  return { result: undefined, next: 'Home' }
}

/** Improve: the profile of a registration (temporary token) or an edit; answers the final session. */
export function improve(body: { name: string; grade: string; className: string; orgCode: string; inviteCode?: string; birth?: { year: number; month: number } }): Promise<Signed<undefined>> {
  return run(async () => improveDecision(await call(API.improve, { body })))
}

/** Password right after SMS registration (temporary token, no password yet). */
export async function setFirstPassword(password: string): Promise<void> {
  await call(API.passwordReset, { body: { password } })
}

/** Set or change the password of a signed-in account. */
export async function changePassword(password: string, oldPassword?: string): Promise<void> {
  await call(API.password, { body: oldPassword ? { oldPassword, password } : { password } })
}

export async function forgetPassword(phone: string, code: string, password: string): Promise<void> {
  await call(API.forget, { body: { username: plus86(phone), payload: { code, password }, ...deviceInfo() } })
  setLastPhone(phone)
}

/** Sends a code and starts the 60 s countdown; a rate limit starts it with the server's retry time. */
export async function sendSmsCode(phone: string, scene: SentScene): Promise<void> {
  try {
    const r = await call(API.smsCode, { body: { username: plus86(phone), scene } })
    startCountdown(Math.max(SMS_COUNTDOWN_S, r.resendIn))
  } catch (e) {
    const wait = retryAfterOf(e)
    if (wait) startCountdown(wait)
    throw e
  }
}

/** The OAuth redirect flow: ask the server for the provider URL, then leave for it. */
export async function startOauth(): Promise<void> {
  const { url } = await call(API.oauthUrl, { query: { redirectUri: oauthRedirectUri() } })
  location.assign(url)
}

export const oauthRedirectUri = (): string => `${location.origin}${pageByName('Login')?.path ?? '/login'}`

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Into the app after a login, whose profile is in (the logged-in event has happened and the live channel connects):
 * after the specification's delay the remembered route or Home (Consent first for an account whose month of birth is
 * not known yet, as at launch, which keeps the remembered route for leaveConsent), replacing the whole history so
 * Back never re-enters a login-only page.
 */
export async function enterApp(loginSearch = ''): Promise<string> {
  await wait(homeDelayMs(isIOS(navigator.userAgent, navigator.maxTouchPoints)))
  const consent = asksBirth(authState.userInfo)
  const target = consent ? (pageByName('Consent')?.path ?? '/consent') : afterLoginTarget(authState.pendingRoute, loginSearch)
  const onward = afterLoginRoute(authState.pendingRoute, loginSearch)
  setPendingRoute(consent && onward?.name !== 'Consent' ? onward : null)
  if (currentIndex() > 0) await replaceAll(currentUrl())
  // Signed in and navigated in one step, so the guard never sees Login while signed in.
  dispatch({ type: 'entered' })
  replace(target)
  return target
}

/**
 * Consent's way on, once the month of birth is in or the student moves on: the page a login or a launch was
 * going to when it stopped at Consent (kept as the remembered route), else Home; the route is then forgotten.
 */
export function leaveConsent(): string {
  const target = afterLoginTarget(authState.pendingRoute)
  setPendingRoute(null)
  replace(target)
  return target
}

/** Sends the user where a login branch leads (docs/contract.md). */
export async function go(next: Next, loginSearch = ''): Promise<void> {
  if (next === 'Home') await enterApp(loginSearch)
  else if (next !== 'stay') replace(pageByName(next)?.path ?? '/login')
}

/**
 * Logout of docs/product.md: the server call (failure ignored), then every auth key is cleared; Login, or Home
 * when asked. Drafts, the device code, the last phone and the language stay.
 */
export async function logout({ toHome = false }: { toHome?: boolean } = {}): Promise<void> {
  if (authState.token) {
    await quietly(() => call(API.logout, { body: { deviceType: appState.deviceType, appId: APP_CONFIG.appId }, loading: false })).catch(() => undefined)
  }
  endSession()
  await replaceAll(toHome ? (pageByName('Home')?.path ?? '/home') : (pageByName('Login')?.path ?? '/login'))
}

/** The org whose id goes as Org-ID from now on (Home's switcher). */
export async function switchOrg(orgId: string): Promise<void> {
  const org = authState.userInfo?.orgList.find((o) => o.id === orgId)
  if (!org) return
  setOrg(org)
  await loadProfile()
}

export { RequestError }
