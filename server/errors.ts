/** Errors that carry a business code (docs/product.md "Errors") and the HTTP status of docs/contract.md. */
import { CODE, CODE_MESSAGE, type BusinessCode, type Envelope } from '../src/contract'
import { isRecord } from '../src/contract/guards'

export class ApiError extends Error {
  constructor(
    readonly code: BusinessCode,
    message: string = CODE_MESSAGE[code],
    readonly statusCode = 200,
    readonly data: unknown = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** Marks a body that is already an envelope, so the /api layer's preSerialization hook leaves it as it is. */
const ENVELOPE = Symbol('envelope')

export const envelope = <T>(data: T, code: BusinessCode = CODE.OK, msg: string = CODE_MESSAGE[code]): Envelope<T> =>
  Object.defineProperty({ code, msg, data }, ENVELOPE, { value: true })

export const isEnvelope = (body: unknown): boolean => isRecord(body) && ENVELOPE in body

/** The answer of a call that succeeds with nothing to say: `{ code: 0, msg: 'success', data: null }`. */
export const noData = (): Envelope<null> => envelope(null)

export const badInput = (field: string, why: string): ApiError => new ApiError(CODE.PARAM_INVALID, `${field}: ${why}`)

export const tooMany = (retryAfterSeconds: number): ApiError =>
  new ApiError(CODE.TOO_MANY_REQUESTS, CODE_MESSAGE[CODE.TOO_MANY_REQUESTS], 429, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) })

/**
 * Too many wrong passwords for the account: a 429 like any limit, whose data also says why, so the app can
 * point to the ways in that stay open (an SMS code, a password reset).
 */
export const passwordLocked = (retryAfterSeconds: number): ApiError =>
  new ApiError(CODE.TOO_MANY_REQUESTS, 'too many wrong passwords', 429, { retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)), reason: 'password-locked' })

/** A wrong password, with how many more the account's window takes before it locks. */
export const wrongPassword = (triesLeft: number, message?: string): ApiError =>
  new ApiError(CODE.PASSWORD_INVALID, message ?? CODE_MESSAGE[CODE.PASSWORD_INVALID], 200, { triesLeft })

/**
 * An under-14 account without a guardian's consent, or one whose age is not known yet, tried to make
 * something public: 200007 with `data.reason` (`age-unknown` or `guardian-consent`), docs/contract.md.
 */
export const consentRequired = (reason: string): ApiError =>
  new ApiError(CODE.GUARDIAN_CONSENT_REQUIRED, reason === 'age-unknown' ? 'give the month and year of birth first' : "a guardian's consent is needed first", 200, { reason })

/** 401 for token problems only (300001–300003). */
export const tokenError = (code: typeof CODE.JWT_UNAUTHORIZED | typeof CODE.JWT_INVALID | typeof CODE.JWT_EXPIRED, data?: Record<string, unknown>): ApiError =>
  new ApiError(code, CODE_MESSAGE[code], 401, data)
