/** How many writes wait in the outbox for the signed-in account (lib/outbox/count.ts), as React state. */
import { useSyncExternalStore } from 'react'
import { outboxCount, subscribeOutboxCount } from '../lib/outbox/count'

export const useOutboxCount = (): number => useSyncExternalStore(subscribeOutboxCount, outboxCount, () => 0)
