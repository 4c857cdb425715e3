/**
 * The send-code button of Login, Forget and Bind: the phone is checked first, the code is sent for the
 * page's scene, and the countdown is the stored one of state/smsCountdown.ts, so every page shows the same
 * wait (docs/contract.md).
 */
import { useState, useSyncExternalStore } from 'react'
import type { SentScene } from '../../contract/api'
import { secondsLeft, subscribeCountdown } from '../../state/smsCountdown'
import { checkPhone } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import { useLang } from '../../state/app'
import { showToast } from '../Overlay/overlay'
import { loadFlows } from './loadFlows'
import type { FormErrors } from './useFormErrors'

export interface SmsCodeOptions {
  phone: string
  scene: SentScene
  /** The form's field messages and its failure handling. */
  form: Pick<FormErrors<'phone'>, 'check' | 'fail'>
  /** Something else of the page is under way: sending waits for it. */
  busy?: boolean
  /** After the code was sent and the toast shown. */
  onSent?: () => void
  /** Instead of form.fail, for a page that routes some failures elsewhere. */
  fail?: (e: unknown) => Promise<void>
}

export interface SmsCode {
  /** Whole seconds before another code may be sent (0 = now). */
  left: number
  sending: boolean
  send: () => Promise<void>
  /** Takes over a sending started before the page (pages/Login/early.ts). */
  adopt: (sending: Promise<void>) => void
}

export function useSmsCode({ phone, scene, form, busy = false, onSent, fail = form.fail }: SmsCodeOptions): SmsCode {
  const lang = useLang()
  const [sending, setSending] = useState(false)
  const left = useSyncExternalStore(subscribeCountdown, secondsLeft, () => 0)

  /** Shows a sending under way as busy, then the toast and the next field, or why it failed. */
  const settle = async (sending: Promise<void>) => {
    setSending(true)
    try {
      await sending
      showToast(formTexts(lang).codeSent, { icon: 'success' })
      onSent?.()
    } catch (e) {
      await fail(e)
    } finally {
      setSending(false)
    }
  }
  const send = async () => {
    if (busy || sending || left > 0) return
    if (form.check({ phone: checkPhone(phone) })) return
    await settle(loadFlows().then((flows) => flows.sendSmsCode(phone, scene)))
  }
  return { left, sending, send, adopt: (sending) => void settle(sending) }
}
