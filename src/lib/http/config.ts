/**
 * What the network layer needs from the rest of the app, injected once at start-up (main.tsx) so that
 * lib/ never imports the stores or the UI kit and tests can pass fakes. Kept light (no hashing, no
 * transport, not even the call table: defaults that need them are resolved where they are used) so that
 * wiring it costs the first load almost nothing.
 */
import { APP_CONFIG } from '../../../manifest/app'

/** The session as the client sees it, read at send time. */
export interface SessionSnapshot {
  token: string
  refreshToken: string
  /** The registration token of docs/product.md (calls whose contract bearer is 'temp'). */
  tempToken: string
  orgId?: string
  studentId?: string
}

export interface SessionPort {
  get(): SessionSnapshot
  /** The token pair as persisted: shared by every tab of this browser, so a refresh made by another tab shows here. */
  persisted(): { token: string; refreshToken: string }
  setTokens(token: string, refreshToken?: string): void
}

/** Texts the client shows; the app passes its translated catalogue entries. */
export type HttpText = 'loading' | 'expired' | 'kicked' | 'disabled' | 'noLogin'

/** Why a refused refresh ended the session: its time ran out, another device signed in, the school disabled the account. */
export type SessionEnding = 'expired' | 'kicked' | 'disabled'

export interface HttpConfig {
  /** undefined = VITE_API_BASE, else the contract's '/api'. */
  baseUrl: string | undefined
  appId: string
  /** docs/contract.md's VITE_SIGN_SECRET; undefined = the contract's default secret. */
  signSecret: string | undefined
  session: SessionPort
  /** A toast. */
  notify: (text: string) => void
  /** The loading overlay with a mask. */
  showLoading: (text: string) => void
  hideLoading: () => void
  /** The session is over (refresh refused): clear it and go to /login. Called once per expiry. */
  onLoggedOut: (reason: SessionEnding) => void
  /** undefined = the specification's English texts. */
  text: ((key: HttpText) => string) | undefined
}

export const env = (name: 'VITE_API_BASE' | 'VITE_SIGN_SECRET'): string | undefined =>
  (import.meta.env?.[name] as string | undefined) || undefined

const noSession: SessionPort = {
  get: () => ({ token: '', refreshToken: '', tempToken: '' }),
  persisted: () => ({ token: '', refreshToken: '' }),
  setTokens: () => {},
}

const defaults = (): HttpConfig => ({
  baseUrl: undefined,
  appId: APP_CONFIG.appId,
  signSecret: env('VITE_SIGN_SECRET'),
  session: noSession,
  notify: (text) => console.info('[http]', text),
  showLoading: () => {},
  hideLoading: () => {},
  onLoggedOut: () => {},
  text: undefined,
})

let current: HttpConfig = defaults()

/** Merges the app's ports into the configuration; call before the first request. */
export function configureHttp(partial: Partial<HttpConfig>): void {
  current = { ...current, ...partial }
}

export const httpConfig = (): HttpConfig => current

/** Back to the defaults (tests). */
export function resetHttpConfig(): void {
  current = defaults()
}
