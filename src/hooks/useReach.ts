/** Whether the API's answers come from a Wi-Fi sign-in page (lib/http/reach.ts), as React state. */
import { useSyncExternalStore } from 'react'
import { behindPortal, subscribeReach } from '../lib/http/reach'

export const useBehindPortal = (): boolean => useSyncExternalStore(subscribeReach, behindPortal, () => false)
