/**
 * The cipher of the encrypted storage: crypto-js AES (per-module imports, never the whole library). It is
 * its own chunk, loaded by initStorage() at start-up, so the first screen's JavaScript stays small.
 */
import AES from 'crypto-js/aes'
import Utf8 from 'crypto-js/enc-utf8'

export function encrypt(plain: string, key: string): string {
  return AES.encrypt(plain, key).toString()
}

/** '' when the ciphertext is not ours or the key is wrong. Throws on malformed input (the caller catches). */
export function decrypt(cipher: string, key: string): string {
  return AES.decrypt(cipher, key).toString(Utf8)
}
