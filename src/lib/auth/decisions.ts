/**
 * The login kinds of docs/product.md as pure decisions: what each server answer stores, what the kind returns,
 * and where docs/contract.md sends the user next. flows.ts carries them out; tests check them by table.
 */
import type { OauthLoginData, SmsLoginData, TokenPair } from '../../contract/api'

/** What a login leaves in the auth store. `token` set = a full session (the pair is stored together). */
export interface Stored {
  token?: string
  refreshToken?: string
  tempToken?: string
}

/** The page a branch lands on; 'stay' = the kind returned something for the page to show. */
export type Next = 'Home' | 'Password' | 'Improve' | 'Bind' | 'stay'

export interface Decision<R> {
  store: Stored
  /** The kind's return value of docs/product.md. */
  result: R
  next: Next
  /** A session was stored, so the profile is fetched (docs/product.md). */
  profile: boolean
}

const session = (d: TokenPair): Stored => ({ token: d.token, refreshToken: d.refreshToken })

/** Password login: store the pair, then the profile. */
export function passwordDecision(d: TokenPair): Decision<undefined> {
  return { store: session(d), result: undefined, next: 'Home', profile: true }
}

/** SMS login: 'isPassword' with a session; isReg → only the temporary and refresh tokens, returning the token. */
export function smsDecision(d: SmsLoginData): Decision<'isPassword' | string | undefined> {
  if (d.isPassword && !d.isReg) return { store: session(d), result: 'isPassword', next: 'Home', profile: true }
  // Registration goes on with the temporary token: a password first (unless there is one), then the profile.
  if (d.isReg) return { store: { tempToken: d.token, refreshToken: d.refreshToken }, result: d.token, next: d.isPassword ? 'Improve' : 'Password', profile: false }
  return { store: session(d), result: undefined, next: 'Home', profile: true }
}

export type OauthResult = string | boolean | 'improve' | 'isPassword' | undefined

/** OAuth login: a string answer is returned as is; then the four phone / registration / password branches. */
export function oauthDecision(d: OauthLoginData | string): Decision<OauthResult> {
  if (typeof d === 'string') return { store: {}, result: d, next: 'stay', profile: false }
  if (!d.isPhone && d.isReg && !d.isPassword) return { store: { tempToken: d.token }, result: d.isPhone, next: 'Bind', profile: false }
  // Improve carries the temporary token (docs/contract.md: the registration steps use it as the Bearer).
  if (!d.isPhone && d.isReg && d.isPassword) return { store: { tempToken: d.token }, result: 'improve', next: 'Improve', profile: false }
  if (!d.isPhone && d.isPassword && !d.isReg) return { store: session(d), result: 'isPassword', next: 'Home', profile: true }
  return { store: session(d), result: undefined, next: 'Home', profile: true }
}

/** WeChat mini-programme login: isReg → refresh + temporary token and false (the phone is bound next). */
export function wxMpDecision(d: OauthLoginData): Decision<boolean> {
  if (d.isReg) return { store: { tempToken: d.token, refreshToken: d.refreshToken }, result: false, next: d.isPhone ? 'Improve' : 'Bind', profile: false }
  return { store: session(d), result: true, next: 'Home', profile: true }
}

/** Binding a phone: isReg → the refresh token (and the token, as the temporary one Improve carries), returning the token. */
export function bindingDecision(d: OauthLoginData): Decision<string | undefined> {
  if (d.isReg) return { store: { tempToken: d.token, refreshToken: d.refreshToken }, result: d.token, next: 'Improve', profile: false }
  return { store: session(d), result: undefined, next: 'Home', profile: true }
}

/** The final pair that Improve answers with is a full session. */
export function improveDecision(d: TokenPair): Decision<undefined> {
  return { store: session(d), result: undefined, next: 'Home', profile: true }
}

/** docs/product.md "Timing and limits": Home appears 2000 ms after the logged-in event on iOS, 100 ms elsewhere. */
export const HOME_DELAY_MS = 100
export const HOME_DELAY_IOS_MS = 2000
export const homeDelayMs = (ios: boolean): number => (ios ? HOME_DELAY_IOS_MS : HOME_DELAY_MS)

/** What a launch does with what is cached (docs/product.md). */
export type LaunchPlan = 'reload-profile' | 'nothing'
export const launchPlan = (cachedToken: string): LaunchPlan => (cachedToken ? 'reload-profile' : 'nothing')

/**
 * Whether the launch, or the way in after a login, sends the account to Consent to give its month and
 * year of birth (docs/privacy.md): the profile says it is not known and the server limits the account for
 * it (a staff account is never limited, so never asked). A profile kept by an older version says neither.
 */
export function asksBirth(profile: { limited?: string | null; birthKnown?: boolean } | null): boolean {
  return profile?.birthKnown === false && profile.limited === 'age-unknown'
}
