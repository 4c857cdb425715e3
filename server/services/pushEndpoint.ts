/**
 * Which push endpoints the server sends to (docs/notifications.md, docs/security.md): an endpoint is
 * parsed once, checked on that parse, and sent to on that same parse, so the host contacted is the host
 * that was checked. Older URL parsers (web-push's `url.parse`) end a host at characters the WHATWG parser
 * keeps (`;`, `{`, `'` …): `https://127.0.0.7;.fcm.googleapis.com/x` is a subdomain of a push service to
 * one and 127.0.0.7 to the other. Hostnames are therefore held to `[a-z0-9.-]` as the client wrote them,
 * and the port is the default one unless the service's entry names one.
 */

/** One entry of PUSH_SERVICES: a host (matching itself and its subdomains), optionally `host:port`. */
export interface PushService {
  host: string
  /** The only port an endpoint may name; unset = the default (443). */
  port?: number
}

export function parseService(entry: string): PushService {
  const m = /^([a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase())
  if (!m) throw new Error(`push service ${JSON.stringify(entry)} is not a host name or host:port`)
  return m[2] ? { host: m[1]!, port: Number(m[2]) } : { host: m[1]! }
}

/** Why an endpoint is refused (the answer's message says which rule). */
export type EndpointRefusal = 'not-https-url' | 'host' | 'port' | 'not-a-push-service'

/** `https://` + host of [a-z0-9.-] + optional port + a path of visible ASCII, as the client wrote it. */
const SHAPE = /^https:\/\/([A-Za-z0-9.-]+)(?::(\d{1,5}))?(\/[\x21-\x7e]*)?$/

/** The endpoint as one parsed URL when the server may send to it, else why not. */
export function checkEndpoint(endpoint: string, services: readonly PushService[]): { ok: true; url: URL } | { ok: false; why: EndpointRefusal } {
  const shape = SHAPE.exec(endpoint)
  if (!shape) {
    if (!/^https:\/\//i.test(endpoint)) return { ok: false, why: 'not-https-url' }
    return { ok: false, why: /^https:\/\/[^/]*@/i.test(endpoint) ? 'not-https-url' : 'host' }
  }
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return { ok: false, why: 'not-https-url' }
  }
  const host = shape[1]!.toLowerCase()
  // The parse that is sent to must see what the check saw.
  if (url.hostname !== host || url.username || url.password) return { ok: false, why: 'host' }
  const service = services.find((s) => host === s.host || host.endsWith(`.${s.host}`))
  if (!service) return { ok: false, why: 'not-a-push-service' }
  const port = shape[2] === undefined ? 443 : Number(shape[2])
  if (port !== (service.port ?? 443)) return { ok: false, why: 'port' }
  return { ok: true, url }
}

export const REFUSAL_TEXT: Record<EndpointRefusal, string> = {
  'not-https-url': 'is not an https URL without credentials',
  host: 'has a host name other than letters, digits, dots and hyphens',
  port: 'names a port its push service does not use',
  'not-a-push-service': 'is not a push service this server sends to',
}
