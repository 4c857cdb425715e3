/** Bind: after a single sign-on (or WX-MP) without a phone, the phone is bound by SMS; then Improve or Home. */
import { useState, useSyncExternalStore, type FormEvent } from 'react'
import type { PageProps } from '../../app/routes'
import { replace } from '../../app/navigation'
import { secondsLeft, subscribeCountdown } from '../../lib/auth/countdown'
import { checkCode, checkPhone, failed, fill, formTexts, type Errors } from '../../lib/auth/form'
import { useLang } from '../../state/app'
import { useAuth } from '../../state/auth'
import { Button } from '../../ui/Button/Button'
import { CodeField } from '../../ui/Field/CodeField'
import { PhoneField } from '../../ui/Field/PhoneField'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import '../../ui/AuthForm/AuthForm.css'
import './Bind.css'

type Field = 'phone' | 'code'

const TEXTS = {
  'zh-Hans': {
    title: '绑定手机号',
    lead: '为了账号安全，并方便找回密码，请绑定你的手机号。已注册的手机号将合并到原账号。',
    submit: '绑定并继续',
    none: '绑定已失效，请重新登录',
    toLogin: '去登录',
  },
  en: {
    title: 'Bind your phone',
    lead: 'Bind your phone number to keep your account safe and to recover it. A number that already has an account joins that account.',
    submit: 'Bind and continue',
    none: 'This step has expired. Please log in again',
    toLogin: 'Go to log in',
  },
}

export default function Bind({ page }: PageProps) {
  const lang = useLang()
  const f = formTexts(lang)
  const t = TEXTS[lang]
  const auth = useAuth()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Errors<Field>>({})
  const clear = (k: Field) => setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e))
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState<'' | 'send' | 'submit'>('')
  const left = useSyncExternalStore(subscribeCountdown, secondsLeft, () => 0)

  const fail = async (e: unknown) => {
    const { errorText } = await import('../../lib/auth/texts')
    setFormError(errorText(lang, e))
  }

  const send = async () => {
    if (busy || left > 0) return
    const bad = checkPhone(phone)
    setErrors(bad ? { phone: bad } : {})
    setFormError('')
    if (bad) return
    setBusy('send')
    try {
      const flows = await import('../../lib/auth/flows')
      await flows.sendSmsCode(phone, 'bind')
      showToast(f.codeSent, { icon: 'success' })
    } catch (e) {
      await fail(e)
    } finally {
      setBusy('')
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setFormError('')
    const bad = failed<Field>({ phone: checkPhone(phone), code: checkCode(code) })
    setErrors(bad ?? {})
    if (bad) return
    setBusy('submit')
    try {
      const flows = await import('../../lib/auth/flows')
      await flows.bindPhone(phone, code)
      await flows.go(flows.nextPage())
    } catch (e) {
      if ((e as { code?: unknown }).code === 200004) replace('/improve')
      else await fail(e)
    } finally {
      setBusy('')
    }
  }
  const err = (k: Field) => (errors[k] ? f[errors[k]] : undefined)

  if (!auth.tempToken && !auth.token) {
    return (
      <PageScaffold page={page}>
        <div className="auth-form auth-form__empty">
          <p>{t.none}</p>
          <Button onClick={() => replace('/login')}>{t.toLogin}</Button>
        </div>
      </PageScaffold>
    )
  }

  return (
    <PageScaffold page={page}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <div className="auth-form__icon" aria-hidden="true">
          <svg viewBox="0 0 48 48" width="48" height="48">
            <rect x="13" y="4" width="22" height="40" rx="5" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="2.5" />
            <path d="M21 38h6" stroke="var(--c-primary)" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </div>
        <h2 className="auth-form__title">{t.title}</h2>
        <p className="auth-form__lead bind__lead">{t.lead}</p>
        <PhoneField label={f.phone} placeholder={f.phonePlaceholder} autoComplete="tel" value={phone} onChange={(v) => {
            setPhone(v)
            clear('phone')
          }}
          error={err('phone')} />
        <CodeField
          label={f.code}
          placeholder={f.codePlaceholder}
          value={code}
          onChange={(v) => {
            setCode(v)
            clear('code')
          }}
          error={err('code')}
          action={
            <Button variant="plain" size="s" className="auth-form__send" disabled={left > 0} busy={busy === 'send'} onClick={() => void send()}>
              {left > 0 ? fill(f.resend, { n: left }) : f.sendCode}
            </Button>
          }
        />
        {formError ? (
          <p className="auth-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" block busy={busy === 'submit'} disabled={busy === 'send'}>
          {t.submit}
        </Button>
      </form>
    </PageScaffold>
  )
}
