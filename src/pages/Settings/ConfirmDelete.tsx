/**
 * The last step of deleting an account: the password, or (for an account without one) a code sent to the
 * account's phone, so that an unlocked phone someone borrowed cannot delete it. It opens where the button
 * was, near the foot of Settings: it scrolls itself into view and takes the focus, and its name and what it
 * asks are read out as the focus enters it, so the step is seen and heard.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { barePhone } from '../../contract/phone'
import { API } from '../../contract/api'
import { checkCode, checkPassword } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import { call } from '../../lib/http'
import { useReducedMotion } from '../../hooks/useReducedMotion'
import { useLang } from '../../state/app'
import { FormError } from '../../ui/AuthForm/FormError'
import { SmsCodeField } from '../../ui/AuthForm/SmsCodeField'
import { useFormErrors } from '../../ui/AuthForm/useFormErrors'
import { useSmsCode } from '../../ui/AuthForm/useSmsCode'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { useTexts } from '../../hooks/useTexts'
import { defineTexts } from '../../i18n/texts'

const TEXTS = defineTexts(
  { step: '确认注销账号', byPassword: '请输入当前密码以确认注销', byCode: '我们会向 {phone} 发送验证码，输入后确认注销', confirm: '确认注销', cancel: '取消' },
  () => import('./ConfirmDelete.en'),
)

type Field = 'password' | 'code' | 'phone'

export interface ConfirmDeleteProps {
  hasPassword: boolean
  /** The account's phone, masked for display and bare for sending. */
  phone: string | null
  maskedPhone: string
  onDeleted: () => Promise<void>
  onCancel: () => void
}

export function ConfirmDelete({ hasPassword, phone, maskedPhone, onDeleted, onCancel }: ConfirmDeleteProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const f = useTexts(formTexts)
  const form = useFormErrors<Field>(lang)
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const bare = barePhone(phone ?? '') ?? ''
  const sms = useSmsCode({ phone: bare, scene: 'login', form, busy })
  const byPassword = hasPassword || !bare
  const hintId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const reduced = useReducedMotion()

  // Once, when the step opens: the confirmation dialog may still hold the page inert for a frame, so the
  // focus waits for it to close.
  useEffect(() => {
    let frame = 0
    const show = () => {
      const el = formRef.current
      if (!el) return
      if (el.closest('[inert]')) {
        frame = requestAnimationFrame(show)
        return
      }
      el.querySelector<HTMLElement>('input')?.focus({ preventScroll: true })
      el.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' })
    }
    show()
    return () => cancelAnimationFrame(frame)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (form.check(byPassword ? { password: checkPassword(password) } : { code: checkCode(code) })) return
    setBusy(true)
    try {
      await call(API.logoutCancel, { body: byPassword ? { password } : { code } })
    } catch (e) {
      setBusy(false)
      await form.fail(e, 'change-password')
      return
    }
    await onDeleted()
  }

  return (
    <form ref={formRef} className="settings__confirm" aria-label={t.step} aria-describedby={hintId} onSubmit={(e) => void submit(e)} noValidate>
      <p id={hintId} className="settings__hint settings__hint--step">{byPassword ? t.byPassword : t.byCode.replace('{phone}', maskedPhone)}</p>
      {byPassword ? (
        <TextField type="password" label={f.oldPassword} autoComplete="current-password" value={password} onChange={form.change('password', setPassword)} error={form.message('password')} />
      ) : (
        <SmsCodeField sms={sms} value={code} onChange={form.change('code', setCode)} error={form.message('code')} sendClassName="settings__send" />
      )}
      <FormError text={form.formError} className="settings__error" />
      <Button type="submit" variant="danger" block busy={busy}>
        {t.confirm}
      </Button>
      <Button variant="secondary" block disabled={busy} onClick={onCancel}>
        {t.cancel}
      </Button>
    </form>
  )
}
