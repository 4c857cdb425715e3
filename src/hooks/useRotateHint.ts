/** The rotate hint as React sees it: shown while a failed lock's orientation still differs from the window's. */
import { useSyncExternalStore } from 'react'
import { getRotateHint, subscribeRotateHint, type CurrentOrientation } from '../lib/device/orientation'
import { useApp } from '../state/app'

export function useRotateHint(): CurrentOrientation | null {
  const hint = useSyncExternalStore(subscribeRotateHint, getRotateHint, getRotateHint)
  const { orientation } = useApp()
  if (!hint.wanted || hint.dismissed || hint.wanted === orientation) return null
  return hint.wanted
}
