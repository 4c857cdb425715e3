/** Whether the API can be reached (lib/http/reach.ts): behind a Wi-Fi sign-in page, cut off, or fine, as React state. */
import { useSyncExternalStore } from 'react'
import { behindPortal, reachState, subscribeReach, type Reach } from '../lib/http/reach'

export const useBehindPortal = (): boolean => useSyncExternalStore(subscribeReach, behindPortal, () => false)

export const useReach = (): Reach => useSyncExternalStore(subscribeReach, reachState, () => 'ok')
