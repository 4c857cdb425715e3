/**
 * Which origins this server answers as. Without PUBLIC_URL the origin comes from the request's Host, and
 * Host is whatever a client writes: every origin built from it (the sign-in provider's issuer, the OAuth
 * client's configuration, link previews, the Content-Security-Policy) must first be one this machine can
 * really be reached at — loopback, or one of its own interface addresses, at the port it listens on (so a
 * phone on the same Wi-Fi can try the app). Anything else is refused and creates nothing.
 * See docs/security.md ("Host and issuer").
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { networkInterfaces } from 'node:os'

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])
/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port: nothing else. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/

/** This machine's interface addresses as URL host names (IPv6 in brackets), read again every minute. */
let own: { at: number; names: Set<string> } | undefined
function ownAddresses(now = Date.now()): Set<string> {
  if (own && now - own.at < 60_000) return own.names
  const names = new Set<string>()
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) names.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address)
  }
  own = { at: now, names }
  return names
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.listening ? app.server.address() : null
  return address && typeof address === 'object' ? address.port : undefined
}

/**
 * The request's origin when this server may answer as it, else null. PUBLIC_URL, when set, is the only
 * origin. A server that is not listening is reached only in-process (tests, the OAuth client's own calls),
 * so any loopback port is accepted there.
 */
export function acceptedOrigin(app: FastifyInstance, req: Pick<FastifyRequest, 'protocol' | 'host'>): string | null {
  const { publicUrl } = app.config
  if (publicUrl) return new URL(publicUrl).origin
  if (!HOST.test(req.host)) return null
  let url: URL
  try {
    url = new URL(`${req.protocol}://${req.host}`)
  } catch {
    // A port over 65535, an unclosed bracket: no origin at all.
    return null
  }
  const port = listeningPort(app)
  const asked = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  if (port !== undefined && asked !== port) return null
  if (LOOPBACK.has(url.hostname)) return url.origin
  return port !== undefined && ownAddresses().has(url.hostname) ? url.origin : null
}
