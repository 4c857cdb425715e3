/** Who is calling, by socket address (or the forwarded one when TRUST_PROXY says a proxy sits in front). */
import { timingSafeEqual } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
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

/** proxy-addr's names for address ranges, as TRUST_PROXY may use them. */
const RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
}

/**
 * Whether a socket's peer is a proxy `trustProxy` trusts (a hop count trusts the peer; an address list
 * trusts its addresses, CIDRs and the names loopback, linklocal, uniquelocal).
 */
export function trustedPeer(trustProxy: boolean | string | number): (address: string) => boolean {
  if (trustProxy === false) return () => false
  if (trustProxy === true || typeof trustProxy === 'number') return () => true
  const list = new BlockList()
  for (const item of trustProxy.split(',').map((s) => s.trim()).filter(Boolean)) {
    const named = RANGES[item]
    if (named) {
      for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type)
      continue
    }
    const [net, prefix] = item.split('/')
    const type = isIP(net ?? '') === 6 ? 'ipv6' : 'ipv4'
    if (!isIP(net ?? '')) continue
    if (prefix === undefined) list.addAddress(net!, type)
    else list.addSubnet(net!, Number(prefix), type)
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.)/, '')
    return isIP(plain) !== 0 && list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4')
  }
}
