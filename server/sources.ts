/** Who is calling, by socket address (or the forwarded one when TRUST_PROXY says a proxy sits in front). */
import { timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export const isLoopback = (ip: string): boolean => /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || ip === '::1'

/** Compares two secrets without telling by timing how much of them matched. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * This machine itself, as the loopback-only places require it (the dev SMS outbox, the external broker's
 * auth calls without a secret or address list): a loopback socket that carries no X-Forwarded-For or
 * Forwarded header. Behind a proxy on the same machine every proxied caller arrives on loopback, so the
 * socket alone does not say who is calling, and the forwarded address is the client's to write.
 */
export function isThisMachine(req: { socket: { remoteAddress?: string }; headers: IncomingHttpHeaders }): boolean {
  return isLoopback(req.socket.remoteAddress ?? '') && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined
}
