/**
 * How many writes wait in the outbox for the signed-in account, for the page header. Kept apart from the
 * outbox itself (lib/outbox/outbox.ts, IndexedDB) so the shell can show the count without loading it.
 */
type Listener = () => void
const listeners = new Set<Listener>()
let waiting = 0

export function subscribeOutboxCount(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const outboxCount = (): number => waiting

export function setOutboxCount(n: number): void {
  if (n === waiting) return
  waiting = n
  for (const l of [...listeners]) l()
}
