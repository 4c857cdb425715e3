import type { ECDH } from 'node:crypto'

export interface StandInSubscription {
  id: string
  endpoint: string
  keys: { p256dh: string; auth: string }
}
export interface Received {
  id: string
  payload: string
  ttl: number
  urgency: string | null
  topic: string | null
  vapidKey: string
  at: number
}
export interface PushStandIn {
  origin: string
  received: Received[]
  refused: { id: string | undefined; status: number; why: string }[]
  subscribe(): StandInSubscription
  respond(id: string, ...statuses: number[]): void
  has(id: string): boolean
  close(): Promise<void>
}
export function startPushStandIn(o: { cert: string | Buffer; key: string | Buffer; port?: number; host?: string }): Promise<PushStandIn>
export function decryptAes128gcm(body: Buffer, keys: { ecdh: ECDH; auth: Buffer }): Buffer
export function checkVapid(header: string | undefined, audience: string, nowSeconds?: number): { ok: boolean; why?: string; publicKey?: string; sub?: string }
