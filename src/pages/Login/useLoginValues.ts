/**
 * What Login's form holds (the tab, the phone, the password or code, the agreement's tick) and where it
 * comes from besides typing: the form as it was left for the agreement, the privacy policy or 忘记密码
 * (kept in memory only, never stored: it holds the password), the phone Forget hands back after a reset,
 * and the last phone signed in with. An invitation opens the SMS tab, unless the form was kept otherwise.
 */
import { useEffect, useLayoutEffect, useState } from 'react'
import { read } from '../../lib/storage'
import { takeHandedPhone } from '../../state/handoff'

export type Tab = 'password' | 'sms'
export interface LoginValues {
  tab: Tab
  phone: string
  password: string
  code: string
  agreed: boolean
}
const EMPTY: LoginValues = { tab: 'password', phone: '', password: '', code: '', agreed: false }

/** Within half an hour the way back finds the form as it was left. */
const KEPT_FOR_MS = 30 * 60_000
let kept: (LoginValues & { at: number }) | null = null

export interface LoginForm {
  values: LoginValues
  set: <K extends keyof LoginValues>(key: K) => (value: LoginValues[K]) => void
  /** Puts in what was typed elsewhere (the prerendered page before the app started). */
  fill: (typed: Partial<LoginValues>) => void
  /** Keeps the form for the way back from a page the student opens from it. */
  keep: () => void
  /** The last phone has been read: the form is the app's now (`data-ready`). */
  ready: boolean
}

export function useLoginValues(invited: boolean): LoginForm {
  const [values, setValues] = useState(EMPTY)
  const [ready, setReady] = useState(false)
  // After hydration, so that the prerendered HTML and the first render agree; before the first paint.
  useLayoutEffect(() => {
    const back = kept && Date.now() - kept.at < KEPT_FOR_MS ? kept : null
    kept = null
    const handed = takeHandedPhone()
    setValues((v) => ({
      ...v,
      ...(invited ? { tab: 'sms' as const } : {}),
      ...(back ? { tab: back.tab, phone: back.phone, password: back.password, code: back.code, agreed: back.agreed } : {}),
      // Back from Forget after a reset: its phone, and the old password is gone.
      ...(handed?.reset ? { phone: handed.phone, password: '', tab: 'password' as const } : {}),
    }))
  }, [invited])
  useEffect(() => {
    const last = read('lastPhone')
    if (last) setValues((v) => (v.phone ? v : { ...v, phone: last }))
    setReady(true)
  }, [])
  return {
    values,
    set: (key) => (value) => setValues((v) => ({ ...v, [key]: value })),
    fill: (typed) => setValues((v) => ({ ...v, ...typed })),
    keep: () => {
      kept = { ...values, at: Date.now() }
    },
    ready,
  }
}
