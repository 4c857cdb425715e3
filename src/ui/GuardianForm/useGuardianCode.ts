/**
 * The code step of the guardian's consent (pages/Consent) and of the guardian's page (pages/Guardian): a
 * guardian's number, a code sent to it with the server's wait before another, the code, and one error line
 * for the form. Each page names its own request; a step runs one at a time (`attempt`).
 */
import { useEffect, useState } from 'react'
import type { Lang } from '../../../manifest/app'
import { barePhone, normalizePhone } from '../../contract/phone'
import { errorText } from '../AuthForm/errorText'
import { showToast } from '../Overlay/overlay'

export interface GuardianCodeTexts {
  phoneInvalid: string
  codeInvalid: string
  /** The toast once the code is sent. */
  sent: string
}

export interface GuardianCode {
  phone: string
  setPhone: (v: string) => void
  code: string
  setCode: (v: string) => void
  /** Whole seconds before another code may be sent (0 = now). */
  wait: number
  busy: boolean
  error: string
  setError: (text: string) => void
  /** The number as the server takes it (+86…). */
  fullPhone: () => string
  /** Runs `work` unless a step is under way; a failure becomes the form's error. */
  attempt: (work: () => Promise<void>) => Promise<void>
  /** Checks the number, sends with `request` (which answers the server's wait) and toasts. */
  send: (request: (phone: string) => Promise<{ resendIn: number }>) => void
  /** Checks the number and the code; false (with the error shown) when one is wrong. */
  check: () => boolean
}

/** `describe` says a failure in the page's words, or null for the server's message. */
export function useGuardianCode(lang: Lang, t: GuardianCodeTexts, describe: (e: unknown) => string | null = () => null): GuardianCode {
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [wait, setWait] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])

  const fullPhone = () => normalizePhone(phone) ?? phone
  const attempt = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    setError('')
    try {
      await work()
    } catch (e) {
      setError(describe(e) ?? errorText(lang, e))
    } finally {
      setBusy(false)
    }
  }
  const send = (request: (phone: string) => Promise<{ resendIn: number }>) => {
    if (!barePhone(phone)) return setError(t.phoneInvalid)
    void attempt(async () => {
      const sent = await request(fullPhone())
      setWait(sent.resendIn)
      showToast(t.sent, { icon: 'success' })
    })
  }
  const check = () => {
    if (!barePhone(phone)) return (setError(t.phoneInvalid), false)
    if (!/^\d{6}$/.test(code)) return (setError(t.codeInvalid), false)
    return true
  }
  return { phone, setPhone, code, setCode, wait, busy, error, setError, fullPhone, attempt, send, check }
}
