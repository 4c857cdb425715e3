/**
 * The live channel's rules as pure functions, shared by the embedded broker and the HTTP auth endpoints
 * an external broker calls (docs/contract.md, §4 security model).
 */

/** The only username a live-channel client may use; the password is the access token. */
export const BROKER_USERNAME = 'token'
/** The kick payload: a plain string, QoS 1, never retained. */
export const KICK_PAYLOAD = 'logout'

/** `session/{appId}/{deviceType}/{userId}`: the same shape as the app's `sessionTopic` (src/lib/live). */
export const sessionTopic = (appId: string, deviceType: string, userId: string): string => `session/${appId}/${deviceType}/${userId}`

/** The topic an access token's claims may read. */
export const topicOfClaims = (c: { app: string; deviceType: string; sub: string }): string => sessionTopic(c.app, c.deviceType, c.sub)

/**
 * A subscription is allowed only for exactly the token's own topic, and never as a pattern: should a
 * claim ever contain '+' or '#', the filter would match other accounts' topics, so it is refused.
 */
export function maySubscribe(own: string, requested: string): boolean {
  return requested === own && !/[+#]/.test(requested)
}
