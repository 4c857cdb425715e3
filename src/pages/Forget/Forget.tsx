/** Forget: phone, SMS code and the new password twice → the password is changed → back to Login. */
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react'
import type { PageProps } from '../../app/routes'
import { replace } from '../../app/navigation'
import { secondsLeft, subscribeCountdown } from '../../lib/auth/countdown'
import { checkCode, checkConfirm, checkNewPassword, checkPhone, failed, fill, formTexts, type Errors } from '../../lib/auth/form'
import { read } from '../../lib/storage'
import { useLang } from '../../state/app'
import { Button } from '../../ui/Button/Button'
import { CodeField } from '../../ui/Field/CodeField'
import { PhoneField } from '../../ui/Field/PhoneField'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import '../../ui/AuthForm/AuthForm.css'

type Field = 'phone' | 'code' | 'password' | 'confirm'

const TEXTS = {
  'zh-Hans': { lead: '验证手机号后即可设置新密码', submit: '重置密码', done: '密码已重置，请用新密码登录' },
  en: { lead: 'Verify your phone number, then choose a new password', submit: 'Reset password', done: 'Password reset. Log in with your new password' },
}

export default function Forget({ page }: PageProps) {
  const lang = useLang()
  const f = formTexts(lang)
  const t = TEXTS[lang]
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors<Field>>({})
  const clear = (k: Field) => setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e))
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState<'' | 'send' | 'submit'>('')
  const left = useSyncExternalStore(subscribeCountdown, secondsLeft, () => 0)

  useEffect(() => {
    const last = read('lastPhone')
    if (last) setPhone((p) => p || last)
  }, [])

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
      await flows.sendSmsCode(phone, 'forget')
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
    const bad = failed<Field>({ phone: checkPhone(phone), code: checkCode(code), password: checkNewPassword(password), confirm: checkConfirm(password, confirm) })
    setErrors(bad ?? {})
    if (bad) return
    setBusy('submit')
    try {
      const flows = await import('../../lib/auth/flows')
      await flows.forgetPassword(phone, code, password)
      showToast(t.done, { icon: 'success', duration: 2500 })
      replace('/login')
    } catch (e) {
      await fail(e)
    } finally {
      setBusy('')
    }
  }
  const err = (k: Field) => (errors[k] ? f[errors[k]] : undefined)

  return (
    <PageScaffold page={page}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <p className="auth-form__lead">{t.lead}</p>
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
        <TextField
          type="password"
          label={f.newPassword}
          placeholder={f.newPasswordPlaceholder}
          autoComplete="new-password"
          value={password}
          onChange={(v) => {
            setPassword(v)
            clear('password')
          }}
          error={err('password')}
        />
        <TextField
          type="password"
          label={f.confirmPassword}
          placeholder={f.confirmPlaceholder}
          autoComplete="new-password"
          value={confirm}
          onChange={(v) => {
            setConfirm(v)
            clear('confirm')
          }}
          error={err('confirm')}
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
