/** Bind: after a single sign-on (or WX-MP) without a phone, the phone is bound by SMS; then Improve or Home. */
import { useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { CODE } from '../../contract/codes'
import { isRecord } from '../../contract/guards'
import { replace } from '../../state/navigation'
import { checkCode, checkPhone } from '../../lib/auth/checks'
import { useLang } from '../../state/app'
import { useSessionPhase } from '../../state/session/machine'
import { AuthForm } from '../../ui/AuthForm/AuthForm'
import { loadFlows } from '../../ui/AuthForm/loadFlows'
import { LoginFirst } from '../../ui/AuthForm/LoginFirst'
import { SignInPhoneField } from '../../ui/AuthForm/SignInPhoneField'
import { SmsCodeField } from '../../ui/AuthForm/SmsCodeField'
import { useFormErrors } from '../../ui/AuthForm/useFormErrors'
import { useSmsCode } from '../../ui/AuthForm/useSmsCode'
import { defineTexts } from '../../i18n/texts'
import './Bind.css'
import { useTexts } from '../../hooks/useTexts'

type Field = 'phone' | 'code'

const TEXTS = defineTexts(
  {
    title: '绑定手机号',
    lead: '为了账号安全，并方便找回密码，请绑定你的手机号。已注册的手机号将合并到原账号。',
    submit: '绑定并继续',
    none: '绑定已失效，请重新登录',
  },
  () => import('./Bind.en'),
)

export default function Bind({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const phase = useSessionPhase()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const form = useFormErrors<Field>(lang)
  const [submitting, setSubmitting] = useState(false)
  const sms = useSmsCode({ phone, scene: 'bind', form, busy: submitting })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting || sms.sending) return
    if (form.check({ phone: checkPhone(phone), code: checkCode(code) })) return
    setSubmitting(true)
    try {
      const flows = await loadFlows()
      await flows.go((await flows.bindPhone(phone, code)).next)
    } catch (e) {
      if (isRecord(e) && e.code === CODE.USER_NOT_FOUND) replace('/improve')
      else await form.fail(e)
    } finally {
      setSubmitting(false)
    }
  }

  if (phase === 'signedOut') return <LoginFirst page={page} text={t.none} />

  return (
    <AuthForm page={page} onSubmit={submit} error={form.formError} submit={t.submit} busy={submitting} disabled={sms.sending}>
      <div className="auth-form__icon" aria-hidden="true">
        <svg viewBox="0 0 48 48" width="48" height="48">
          <rect x="13" y="4" width="22" height="40" rx="5" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="2.5" />
          <path d="M21 38h6" stroke="var(--c-primary)" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </div>
      <h2 className="auth-form__title">{t.title}</h2>
      <p className="auth-form__lead bind__lead">{t.lead}</p>
      <SignInPhoneField value={phone} onChange={form.change('phone', setPhone)} error={form.message('phone')} />
      <SmsCodeField sms={sms} value={code} onChange={form.change('code', setCode)} error={form.message('code')} />
    </AuthForm>
  )
}
