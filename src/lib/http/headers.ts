/** Request headers of docs/contract.md "The calls" and URL building. */
import { HEADER, type Bearer } from '../../contract/api'
import { httpConfig } from './config'

/** App-ID always; Org-ID and Student-ID when known (docs/product.md "Roles"). */
export function baseHeaders(): Record<string, string> {
  const { appId, session } = httpConfig()
  const s = session.get()
  const h: Record<string, string> = { [HEADER.appId]: appId }
  if (s.orgId) h[HEADER.orgId] = s.orgId
  if (s.studentId) h[HEADER.studentId] = s.studentId
  return h
}

/** The token a call carries (contract `bearer`); '' when there is none to send. */
export function bearerToken(bearer: Bearer): string {
  const s = httpConfig().session.get()
  if (bearer === 'none') return ''
  if (bearer === 'temp') return s.tempToken || s.token
  if (bearer === 'refresh') return s.refreshToken
  return s.token
}

/** `url` relative to the API base unless it is absolute. */
export function urlOf(baseUrl: string, url: string, query?: Record<string, unknown>): string {
  const full = /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//') ? url : `${baseUrl.replace(/\/$/, '')}${url.startsWith('/') ? '' : '/'}${url}`
  const qs = toSearch(query)
  if (!qs) return full
  return `${full}${full.includes('?') ? '&' : '?'}${qs}`
}

/** Form/query encoding: undefined and null skipped, objects as JSON. */
export function toSearch(params: Record<string, unknown> | undefined): string {
  if (!params) return ''
  const sp = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue
    sp.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v))
  }
  return sp.toString()
}
