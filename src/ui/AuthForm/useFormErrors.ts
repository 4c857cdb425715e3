/**
 * What every sign-in form keeps besides its values: one message per field from the checks of
 * lib/auth/checks.ts (worded by i18n/formTexts.ts), and one form-level message for what the server or
 * the network answered.
 */
import { useEffect, useState } from 'react'
import type { Lang } from '../../../manifest/app'
import { failed, type Errors } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import type { ErrorContext } from './errorText'
import { reachState, REACHABLE_EVENT } from '../../lib/http/reach'
import { useTexts } from '../../hooks/useTexts'
import { textsLoaded, type TextsOf } from '../../i18n/texts'

export type Checks<K extends string> = Partial<Record<K, keyof TextsOf<typeof formTexts> | undefined>>

export interface FormErrors<K extends string> {
  errors: Errors<K>
  setErrors: (errors: Errors<K>) => void
  /** Hides field k's message (the user is changing it). */
  clear: (k: K) => void
  /** An onChange for field k: keeps the value and hides the field's message. */
  change: (k: K, set: (value: string) => void) => (value: string) => void
  /** Field k's message in the form's language. */
  message: (k: K) => string | undefined
  /** Before sending: clears the form message, shows what failed and returns it (null = the form may go). */
  check: (checks: Checks<K>) => Errors<K> | null
  formError: string
  setFormError: (text: string) => void
  /** Shows a failed call in words; the texts load only when something has failed. */
  fail: (e: unknown, context?: ErrorContext) => Promise<void>
}

export function useFormErrors<K extends string>(lang: Lang): FormErrors<K> {
  const [errors, setErrors] = useState<Errors<K>>({})
  const [formError, setFormError] = useState('')
  // A message about a network that could not reach the server goes once the server answers again
  // (lib/http/reach.ts): it would only contradict the form that now works.
  const [untilReachable, setUntilReachable] = useState(false)
  useEffect(() => {
    if (!untilReachable) return
    const clearIt = () => {
      setFormError('')
      setUntilReachable(false)
    }
    addEventListener(REACHABLE_EVENT, clearIt)
    addEventListener('online', clearIt)
    return () => {
      removeEventListener(REACHABLE_EVENT, clearIt)
      removeEventListener('online', clearIt)
    }
  }, [untilReachable])
  const f = useTexts(formTexts)
  const clear = (k: K) => setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e))
  return {
    errors,
    setErrors,
    clear,
    change: (k, set) => (value) => {
      set(value)
      clear(k)
    },
    message: (k) => {
      const e = errors[k]
      return e ? f[e] : undefined
    },
    check: (checks) => {
      setFormError('')
      const bad = failed<K>(checks)
      setErrors(bad ?? {})
      return bad
    },
    formError,
    setFormError,
    fail: async (e, context) => {
      const { errorText } = await import('./errorText')
      await textsLoaded()
      setFormError(errorText(lang, e, context))
      setUntilReachable(reachState() !== 'ok')
    },
  }
}
