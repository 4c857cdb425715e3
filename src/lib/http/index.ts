/** The network layer: request client, typed calls, download, upload, and their one error type. */
export { call, request, DEFAULT_TIMEOUT_MS, type HttpResponse, type RequestOptions } from './client'
export { download, upload, type DownloadOptions, type UploadFile, type UploadOptions } from './transfer'
export { RequestError, errors, isRequestError, isUnreachable, type ErrorCode, type ErrorKind } from './errors'
export { configureHttp, type HttpConfig, type HttpText, type SessionPort, type SessionSnapshot } from './config'
export { refreshSession, expireSession, EXPIRED_DEBOUNCE_MS } from './refresh'
export { LOADING_SHOW_AFTER_MS, LOADING_HIDE_AFTER_MS } from './loading'
export type { TransferProgress } from './transport'
