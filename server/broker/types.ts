/** What the broker plugin needs from a live-channel backend: the embedded broker or an external one. */
import type { AccessClaims } from '../services/sessions'

/** A live access token's claims plus its expiry (seconds since the epoch). */
export interface LiveClaims extends AccessClaims {
  exp: number
}

export interface KickPublisher {
  readonly mode: 'embedded' | 'external'
  /** Publishes the kick on the replaced session's topic (QoS 1, not retained). */
  publishKick(kick: { appId: string; deviceType: string; userId: string }): Promise<void>
  close(): Promise<void>
}
