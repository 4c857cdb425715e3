// A stand-in for a Web Push service (FCM, Mozilla's autopush, Apple's): HTTPS with a self-signed
// certificate, subscriptions made here with real P-256 keys, and every notification checked the way a push
// service and a browser would: the VAPID token's signature and audience, then the payload decrypted with
// the subscription's private key (RFC 8291, aes128gcm). What arrives is kept for the test to read.
//
// In a test:   const s = await startPushStandIn({ cert, key })   (PEM strings or Buffers)
// As a process (browser tests): node tests/support/push-stand-in.mjs  with PUSH_PORT, CONTROL_PORT,
// CERT_FILE, KEY_FILE; the control port (plain HTTP, loopback) answers
//   POST /subscriptions          → { endpoint, keys: { p256dh, auth } }
//   GET  /received               → [{ id, payload, ttl, urgency, topic, at }]
//   POST /respond?id=&status=    → the next sends to that subscription answer these statuses (one per send)
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer as createHttp } from 'node:http'
import { createServer as createHttps } from 'node:https'
import { fileURLToPath } from 'node:url'

const b64url = (buf) => Buffer.from(buf).toString('base64url')
const hmac = (key, data) => createHmac('sha256', key).update(data).digest()

/** RFC 8291 + RFC 8188: the plaintext of one aes128gcm body for the receiver's keys. */
export function decryptAes128gcm(body, { ecdh, auth }) {
  const salt = body.subarray(0, 16)
  const rs = body.readUInt32BE(16)
  const idlen = body[20]
  const asPublic = body.subarray(21, 21 + idlen)
  const records = body.subarray(21 + idlen)
  if (idlen !== 65) throw new Error(`keyid is ${idlen} bytes, not an uncompressed P-256 point`)
  if (records.length > rs) throw new Error('more than one record: a push message is one')
  const uaPublic = ecdh.getPublicKey()
  const ecdhSecret = ecdh.computeSecret(asPublic)
  const prkKey = hmac(auth, ecdhSecret)
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic, Buffer.from([1])])
  const ikm = hmac(prkKey, keyInfo)
  const prk = hmac(salt, ikm)
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16)
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12)
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce)
  decipher.setAuthTag(records.subarray(records.length - 16))
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()])
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1
  while (end >= 0 && padded[end] === 0) end--
  if (padded[end] !== 2) throw new Error('no last-record delimiter')
  return padded.subarray(0, end)
}

/** The VAPID `Authorization: vapid t=<JWT>, k=<key>` header checked: ES256 signature, audience, expiry. */
export function checkVapid(header, audience, nowSeconds = Math.floor(Date.now() / 1000)) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '')
  if (!m) return { ok: false, why: 'no vapid authorization' }
  const [, jwt, k] = m
  const [h, p, s] = jwt.split('.')
  const point = Buffer.from(k, 'base64url')
  if (point.length !== 65 || point[0] !== 4) return { ok: false, why: 'k is not a P-256 public key' }
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: 'jwk' })
  const good = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))
  if (!good) return { ok: false, why: 'bad signature' }
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString())
  if (claims.aud !== audience) return { ok: false, why: `aud ${claims.aud} is not ${audience}` }
  if (!(claims.exp > nowSeconds) || claims.exp > nowSeconds + 24 * 3600) return { ok: false, why: 'exp out of range' }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { ok: false, why: 'no subject' }
  return { ok: true, publicKey: k, sub: claims.sub }
}

export async function startPushStandIn({ cert, key, port = 0, host = '127.0.0.1' }) {
  /** id → { ecdh, auth, statuses: number[] } */
  const subs = new Map()
  const received = []
  const refused = []
  const server = createHttps({ cert, key }, (req, res) => {
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1]
      const sub = id && subs.get(id)
      const answer = (status, why) => {
        if (why) refused.push({ id, status, why })
        res.writeHead(status)
        res.end(why ?? '')
      }
      if (req.method !== 'POST' || !sub) return answer(404, 'no such subscription')
      const status = sub.statuses.shift()
      if (status === 410 || status === 404) {
        subs.delete(id)
        return answer(status, 'gone')
      }
      if (status && status !== 201) return answer(status, `told to answer ${status}`)
      const vapid = checkVapid(req.headers.authorization, `https://${req.headers.host}`)
      if (!vapid.ok) return answer(403, vapid.why)
      if (req.headers['content-encoding'] !== 'aes128gcm') return answer(415, 'not aes128gcm')
      try {
        const payload = decryptAes128gcm(Buffer.concat(chunks), sub).toString('utf8')
        received.push({ id, payload, ttl: Number(req.headers.ttl), urgency: req.headers.urgency ?? null, topic: req.headers.topic ?? null, vapidKey: vapid.publicKey, at: Date.now() })
        answer(201)
      } catch (e) {
        answer(400, `cannot decrypt: ${e.message}`)
      }
    })
  })
  await new Promise((resolve) => server.listen(port, host, resolve))
  const origin = `https://${host}:${server.address().port}`
  return {
    origin,
    received,
    refused,
    /** A new browser subscription: what PushSubscription.toJSON() gives, pointing here. */
    subscribe() {
      const id = b64url(randomBytes(9))
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      subs.set(id, { ecdh, auth, statuses: [] })
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } }
    },
    /** The next sends to `id` answer these statuses in turn (201 = delivered); then delivered again. */
    respond(id, ...statuses) {
      subs.get(id)?.statuses.push(...statuses)
    },
    has: (id) => subs.has(id),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const standIn = await startPushStandIn({ cert: readFileSync(process.env.CERT_FILE), key: readFileSync(process.env.KEY_FILE), port: Number(process.env.PUSH_PORT ?? 0) })
  createHttp((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control')
    const send = (body) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (url.pathname === '/health') return send({ ok: true })
    if (url.pathname === '/subscriptions' && req.method === 'POST') return send(standIn.subscribe())
    if (url.pathname === '/received') return send(standIn.received)
    if (url.pathname === '/refused') return send(standIn.refused)
    if (url.pathname === '/respond' && req.method === 'POST') {
      standIn.respond(url.searchParams.get('id'), ...url.searchParams.getAll('status').map(Number))
      return send({ ok: true })
    }
    res.writeHead(404)
    res.end()
  }).listen(Number(process.env.CONTROL_PORT ?? 0), '127.0.0.1')
}
