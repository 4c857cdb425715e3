/** The client's texts and base URL, falling back to the specification's English and the contract's '/api'. */
import { API_BASE } from '../../contract/api'
import { CLIENT_MESSAGE } from '../../contract/codes'
import { env, httpConfig, type HttpText } from './config'

const ENGLISH: Record<HttpText, string> = {
  loading: 'loading...',
  expired: CLIENT_MESSAGE.loginExpired,
  kicked: 'account logged in on another terminal',
  disabled: 'account disabled',
  noLogin: CLIENT_MESSAGE.noLogin,
}

export const httpText = (key: HttpText): string => httpConfig().text?.(key) ?? ENGLISH[key]

export const apiBase = (): string => httpConfig().baseUrl ?? env('VITE_API_BASE') ?? API_BASE
