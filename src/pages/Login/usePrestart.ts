/**
 * Login taking over its prerendered page (docs/architecture.md "Start-up"), before the app's first paint:
 * what was typed, ticked and chosen before the app started stays; the taps held meanwhile
 * (start/lib/prestart.ts) are carried out once, with those values; and what the app's logic already
 * started for a tap (early.ts) is adopted, so its control stays busy until it ends and a failure is said.
 */
import { useEffect, useLayoutEffect, useState } from 'react'
import { codeDigits, phoneDigits } from '../../lib/auth/checks'
import { takePrestart } from '../../start/lib/prestart'
import { useLatest } from '../../hooks/useLatest'
import { takeEarly, type EarlyWork } from './early'
import type { LoginValues } from './useLoginValues'

export interface Takeover {
  /** Puts what the prerendered page held into the form. */
  fill: (typed: Partial<LoginValues>) => void
  /** Carries out a held tap ('login', 'sms', 'sso'), with the values filled in. */
  tap: (tap: string) => void
  /** Shows what the early taps started. */
  adopt: (early: EarlyWork) => void
}

export function usePrestart(takeover: Takeover): void {
  const [held, setHeld] = useState<string[]>([])
  const latest = useLatest(takeover)

  useLayoutEffect(() => {
    const pre = takePrestart()
    const typed: Partial<LoginValues> = {}
    const phone = phoneDigits(pre.value('login-phone'))
    if (phone) typed.phone = phone
    const password = pre.value('login-password')
    if (password) typed.password = password
    const code = codeDigits(pre.value('login-code'))
    if (code) typed.code = code
    if (pre.checked('login-agree')) typed.agreed = true
    if (pre.selected('login-tab-sms')) typed.tab = 'sms'
    latest.current.fill(typed)
    if (pre.taps.length) setHeld(pre.taps)
    latest.current.adopt(takeEarly())
  }, [latest])

  // The render after the takeover holds the values the taps were made with: they are carried out then.
  useEffect(() => {
    if (!held.length) return
    setHeld([])
    for (const tap of held) latest.current.tap(tap)
  }, [held, latest])
}
