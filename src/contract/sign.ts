/**
 * The signing rule of docs/contract.md ("Signing"), shared by the app and the server. It only detects
 * tampering: the secret ships inside the app.
 */
import encHex from 'crypto-js/enc-hex'
import sha256 from 'crypto-js/sha256'

export const DEFAULT_SIGN_SECRET = 'jsj-habor-dev-sign'
export const SIGN_HEADER = 'Sign'
/** Allowed distance between the client's timestamp and the server clock. */
export const SIGN_WINDOW_MS = 5 * 60 * 1000

export type SignParams = Record<string, unknown>

/** The string that is hashed: sorted `k=v` pairs, then `&secret=…`. Exposed for tests and debugging. */
export function signBase(params: SignParams, secret: string): string {
  const pairs = Object.keys(params)
    .sort()
    .flatMap((k) => {
      const v = params[k]
      if (v === undefined || v === null || v === '') return []
      return [`${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`]
    })
  return `${pairs.join('&')}&secret=${secret}`
}

/** SHA-256 of signBase, lower-case hex. `params` = query + top-level body fields + timestamp + nonce. */
export function signParams(params: SignParams, secret: string = DEFAULT_SIGN_SECRET): string {
  return sha256(signBase(params, secret)).toString(encHex)
}

/**
 * Where the parts travel: `timestamp` (ms since epoch) and `nonce` are top-level fields of the JSON body
 * (query parameters for a call without a body); the hash goes in the `Sign` header. The server rebuilds
 * the params from the query and the body it received.
 */
export function signRequest(
  query: Record<string, unknown> | undefined,
  body: Record<string, unknown> | undefined,
  opts: { secret?: string; now?: number; nonce?: string } = {},
): { timestamp: number; nonce: string; sign: string } {
  const timestamp = opts.now ?? Date.now()
  const nonce = opts.nonce ?? newNonce()
  const sign = signParams({ ...query, ...body, timestamp, nonce }, opts.secret ?? DEFAULT_SIGN_SECRET)
  return { timestamp, nonce, sign }
}

/** 32 lower-case hex characters from a cryptographic source (Web Crypto: browsers and Node 20). */
export function newNonce(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export const NONCE_PATTERN = /^[0-9a-f]{32}$/
