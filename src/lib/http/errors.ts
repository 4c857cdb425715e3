/**
 * The one error type of the network layer (docs/product.md "Errors"): every failure of a request, download, upload or the
 * live channel is a RequestError with a code, a message and an HTTP-like status. Pure: no DOM, so the
 * live channel's Node test and the server can load it.
 */
import { CLIENT_MESSAGE, FRAMEWORK_CODE, FRAMEWORK_MESSAGE, type FrameworkCode } from '../../contract/codes'

/** What went wrong, for callers that branch (the tap-to-retry screen wants 'timeout'). */
export type ErrorKind =
  | 'business' // HTTP 2xx with envelope code ≠ 0
  | 'status' // a non-2xx status other than a handled 401
  | 'network' // no response at all
  | 'portal' // the answer came from a Wi-Fi sign-in page (captive portal), not the API
  | 'timeout'
  | 'aborted'
  | 'no-login' // an auth call with no token, refused before sending
  | 'expired' // the server refused the refresh: the session is over
  | 'file' // an upload part could not be read
  | 'socket-connect'
  | 'socket-send'
  | 'unknown'

/** docs/product.md "Errors" lists 'file error' among the framework codes; every other code is a number. */
export type ErrorCode = number | typeof CLIENT_MESSAGE.fileError

export class RequestError extends Error {
  override readonly name = 'RequestError'
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly statusCode: number,
    /** The envelope's data when the server sent one (429 carries retryAfter). */
    readonly data?: unknown,
    /** uni-app's errMsg of the no-login refusal: 'invalid status'. */
    readonly statusText?: string,
  ) {
    super(message)
  }
}

export const isRequestError = (e: unknown): e is RequestError => e instanceof RequestError

/** No answer from the API: no network, a time-out, or a Wi-Fi sign-in page answering instead. */
export const isUnreachable = (e: unknown): boolean => isRequestError(e) && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'portal')

/** Seconds to wait from a 429's data.retryAfter, if the error is one. */
export function retryAfterOf(e: unknown): number | undefined {
  if (!isRequestError(e) || e.statusCode !== 429) return undefined
  const data = e.data as { retryAfter?: unknown } | undefined
  return typeof data?.retryAfter === 'number' ? Math.max(1, Math.ceil(data.retryAfter)) : undefined
}

const framework = (kind: ErrorKind, code: FrameworkCode, statusCode: number, message: string = FRAMEWORK_MESSAGE[code]) =>
  new RequestError(kind, code, message, statusCode)

/** The constructors of docs/product.md "Errors"'s catalogue; the client never builds a RequestError any other way. */
export const errors = {
  /** 'request:fail': no response. */
  network: () => framework('network', FRAMEWORK_CODE.TIMEOUT_OR_NETWORK, 500, CLIENT_MESSAGE.requestFailed),
  timeout: () => framework('timeout', FRAMEWORK_CODE.TIMEOUT_OR_NETWORK, 500),
  /** The network answered for the API: a captive portal wants a sign-in. Counts as no network. */
  portal: () => framework('portal', FRAMEWORK_CODE.TIMEOUT_OR_NETWORK, 500, 'the network requires a sign-in'),
  aborted: () => framework('aborted', FRAMEWORK_CODE.ABORTED, 500),
  /** Download and upload network failure. */
  transfer: () => framework('network', FRAMEWORK_CODE.TRANSFER_NETWORK, 500),
  status: (statusCode: number, code?: number, data?: unknown) =>
    new RequestError('status', code ?? statusCode, `request error [${statusCode}]`, statusCode, data),
  business: (code: number, message: string, statusCode: number, data?: unknown) =>
    new RequestError('business', code, message, statusCode, data),
  noLogin: (message: string = CLIENT_MESSAGE.noLogin) => new RequestError('no-login', 404, message, 404, undefined, 'invalid status'),
  expired: (code: number, statusCode: number) => new RequestError('expired', code, CLIENT_MESSAGE.loginExpired, statusCode),
  file: () => new RequestError('file', CLIENT_MESSAGE.fileError, CLIENT_MESSAGE.fileError, 500),
  unknown: () => new RequestError('unknown', 500, CLIENT_MESSAGE.unknownError, 500),
  socketConnect: () => framework('socket-connect', FRAMEWORK_CODE.SOCKET_CONNECT_FAILED, 500),
  socketSend: () => framework('socket-send', FRAMEWORK_CODE.SOCKET_NOT_OPEN, 500),
}
