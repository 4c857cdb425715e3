/** Who is calling, by socket address (or the forwarded one when TRUST_PROXY says a proxy sits in front). */
import { timingSafeEqual } from 'node:crypto'

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export const isLoopback = (ip: string): boolean => /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ip) || ip === '::1'

/** Compares two secrets without telling by timing how much of them matched. */
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}
