/** Business codes of docs/product.md "Errors" plus docs/contract.md's 100003 and 100404, and the client's framework codes. */

export const CODE = {
  OK: 0,
  SERVICE_ERROR: 100500,
  DATA_EMPTY: 100001,
  PARAM_INVALID: 100002,
  TOO_MANY_REQUESTS: 100003,
  NOT_FOUND: 100404,
  USER_EXISTS: 200001,
  PASSWORD_INVALID: 200002,
  ACCOUNT_DISABLED: 200003,
  USER_NOT_FOUND: 200004,
  SMS_CODE_INVALID: 200005,
  ORG_NOT_IDENTIFIED: 200006,
  /** An under-14 account without a guardian's consent (or whose age is not yet known) made something public: docs/contract.md. */
  GUARDIAN_CONSENT_REQUIRED: 200007,
  /** A call of the teacher's side by an account that is not a teacher of that organisation, class or task (HTTP 403): docs/contract.md. */
  ROLE_FORBIDDEN: 200008,
  /** The guardian's number given is the child's own (docs/contract.md "Guardians"). */
  GUARDIAN_PHONE_OWN: 200009,
  /** A consent is current: a new one needs the current guardian's withdrawal or confirming code. */
  GUARDIAN_CONSENT_CURRENT: 200010,
  /** The guardian's number is an account under 18, or a student's account: not a guardian's. */
  GUARDIAN_PHONE_CHILD: 200011,
  JWT_UNAUTHORIZED: 300001,
  JWT_INVALID: 300002,
  JWT_EXPIRED: 300003,
  /** The specification gives it with five digits; the contract keeps it as is. */
  SIGN_INVALID: 30004,
  TASK_INVALID: 400001,
  TASK_NOT_FOUND: 400002,
} as const

export type BusinessCode = (typeof CODE)[keyof typeof CODE]

/** Default English messages; the app may show its own translated text per code. */
export const CODE_MESSAGE: Record<BusinessCode, string> = {
  0: 'success',
  100500: 'service error',
  100001: 'data empty',
  100002: 'param invalid',
  100003: 'too many requests',
  100404: 'not found',
  200001: 'user already exists',
  200002: 'password invalid',
  200003: 'account disabled',
  200004: 'user not found',
  200005: 'SMS code invalid',
  200006: 'org not identified',
  200007: 'guardian consent required',
  200008: 'role not allowed',
  200009: "guardian phone is the child's own",
  200010: 'a guardian consent is current',
  200011: "guardian phone is a child's account",
  300001: 'JWT unauthorized',
  300002: 'JWT invalid',
  300003: 'JWT expired',
  30004: 'signature verify invalid',
  400001: 'task invalid',
  400002: 'task not found',
}

/** The token problems that travel as HTTP 401 (docs/contract.md). */
export const TOKEN_CODES: readonly BusinessCode[] = [CODE.JWT_UNAUTHORIZED, CODE.JWT_INVALID, CODE.JWT_EXPIRED]

export const isBusinessCode = (n: unknown): n is BusinessCode =>
  typeof n === 'number' && Object.prototype.hasOwnProperty.call(CODE_MESSAGE, n)

/** Codes the client produces itself (docs/product.md "Errors"); never sent by the server. */
export const FRAMEWORK_CODE = {
  TIMEOUT_OR_NETWORK: 5,
  ABORTED: 600003,
  TRANSFER_NETWORK: 602001,
  SOCKET_CONNECT_FAILED: 600009,
  SOCKET_NOT_OPEN: 10002,
} as const

export type FrameworkCode = (typeof FRAMEWORK_CODE)[keyof typeof FRAMEWORK_CODE]

export const FRAMEWORK_MESSAGE: Record<FrameworkCode, string> = {
  5: 'request timed out or network error',
  600003: 'request aborted',
  602001: 'download or upload network error',
  600009: 'socket connect failed',
  10002: 'socket is not open',
}

/** Client-side texts of docs/product.md "Input rules". */
export const CLIENT_MESSAGE = {
  requestFailed: 'request failed',
  unknownError: 'unknown error',
  noLogin: 'no login state, please log in first',
  noLoginRetry: 'not logged in, please log in first',
  loginExpired: 'Your login has expired, please log in again!',
  fileError: 'file error',
  dataNotFound: 'data not found',
} as const

/** `data.reason` of a refused refresh whose session ended because the account signed in on another device. */
export const SIGNED_IN_ELSEWHERE = 'signed-in-elsewhere'
/** `data.reason` of a refused refresh of a disabled account (the school disabled it; a sign-in answers 200003). */
export const ACCOUNT_DISABLED_REASON = 'account-disabled'
