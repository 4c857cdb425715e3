/** Idempotency-Key (the IETF HTTP API draft's header): which writes take it is listed in docs/offline.md. */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'
/** A key the device makes (a UUID); 8 to 64 letters, digits or hyphens. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9-]{8,64}$/
/** How long the server remembers a key and its answer. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000
