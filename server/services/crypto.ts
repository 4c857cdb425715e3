/** Small crypto helpers: hashes for stored secrets, random tokens, constant-time comparison, passwords. */
import { hash, verify } from '@node-rs/argon2'
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

export const sha256Hex = (s: string): string => createHash('sha256').update(s).digest('hex')

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(0, 10)).join('')

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

// OWASP password storage cheat sheet: argon2id, m=19 MiB, t=2, p=1.
// `algorithm: 2` is Algorithm.Argon2id; the package's const enum cannot be imported under isolatedModules.
export const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

let cost: { algorithm: 2; memoryCost: number; timeCost: number; parallelism: number } = ARGON2

/**
 * For the server test suites only (tests/server/setup.ts): argon2id at its smallest cost, so that the
 * suites' thousands of sign-ins do not each spend 60-100 ms of CPU. A hash carries its parameters, so
 * verifying follows whichever cost made it. The production cost is asserted on a real server process
 * (tests/server/system/robustness-crash.test.ts reads the hashes it stored).
 */
export function cheapPasswordHashesForTests(): void {
  cost = { algorithm: 2, memoryCost: 8, timeCost: 1, parallelism: 1 }
}

export const hashPassword = (password: string): Promise<string> => hash(password, cost)

let dummyHash: Promise<string> | undefined
/** Verifies; for an account without a hash, burns the same time so timing does not tell which accounts exist. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
