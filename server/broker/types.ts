/** What the broker plugin needs from a live-channel backend: the embedded broker or an external one. */
import type { AccessClaims } from '../services/sessions'

/** A live access token's claims plus its expiry (seconds since the epoch). */
export interface LiveClaims extends AccessClaims {
  exp: number
}

export interface KickPublisher {
  readonly mode: 'embedded' | 'external'
  /**
   * Publishes the kick on the replaced session's topic (QoS 1, not retained); the embedded broker then
   * closes that session's connections once the message is acknowledged.
   */
  publishKick(kick: { appId: string; deviceType: string; userId: string; sessionId?: string }): Promise<void>
  /**
   * Publishes a notice (a JSON message of src/contract/inbox.ts) on a session topic at QoS 0: the inbox in
   * the database is the truth, and the kick stays the only QoS 1 message a client gets.
   */
  publishNotice(topic: string, payload: string): Promise<void>
  /** Closes the live connections of a session that ended (logout, password change, deletion), where it can. */
  endSession(sessionId: string): void
  close(): Promise<void>
}
