/** Whether the browser says it is online, as React state (the `online` and `offline` events). */
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  addEventListener('online', onChange)
  addEventListener('offline', onChange)
  return () => {
    removeEventListener('online', onChange)
    removeEventListener('offline', onChange)
  }
}

export const useOnline = (): boolean => useSyncExternalStore(subscribe, () => navigator.onLine, () => true)
