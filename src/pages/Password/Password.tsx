/**
 * Password: set the first password right after SMS registration (temporary token, then Improve), or set /
 * change it when signed in (the current password is asked for when the account has one).
 */
import { useState, type FormEvent } from 'react'
import type { PageProps } from '../../app/routes'
import { back, replace } from '../../app/navigation'
import { checkConfirm, checkNewPassword, checkPassword, failed, formTexts, type Errors } from '../../lib/auth/form'
import { useLang } from '../../state/app'
import { useAuth } from '../../state/auth'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import '../../ui/AuthForm/AuthForm.css'

type Field = 'old' | 'password' | 'confirm'

const TEXTS = {
  'zh-Hans': {
    leadNew: '设置登录密码后，可以用手机号和密码登录',
    leadChange: '修改后，其他设备上的登录将失效',
    submit: '保存密码',
    skip: '稍后设置',
    done: '密码已保存',
    none: '请先登录或完成验证码注册',
    toLogin: '去登录',
  },
  en: {
    leadNew: 'With a password you can also log in with your phone number and password',
    leadChange: 'Other devices signed in to this account will be logged out',
    submit: 'Save password',
    skip: 'Later',
    done: 'Password saved',
    none: 'Log in or register with an SMS code first',
    toLogin: 'Go to log in',
  },
}

export default function Password({ page }: PageProps) {
  const lang = useLang()
  const f = formTexts(lang)
  const t = TEXTS[lang]
  const auth = useAuth()
  const registering = !auth.token && Boolean(auth.tempToken)
  const askOld = !registering && auth.userInfo?.isPassword === true
  const [old, setOld] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<Errors<Field>>({})
  const clear = (k: Field) => setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e))
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setFormError('')
    const bad = failed<Field>({ old: askOld ? checkPassword(old) : undefined, password: checkNewPassword(password), confirm: checkConfirm(password, confirm) })
    setErrors(bad ?? {})
    if (bad) return
    setBusy(true)
    try {
      const flows = await import('../../lib/auth/flows')
      if (registering) {
        await flows.setFirstPassword(password)
        showToast(t.done, { icon: 'success' })
        replace('/improve')
      } else {
        await flows.changePassword(password, askOld ? old : undefined)
        await flows.loadProfile().catch(() => undefined)
        showToast(t.done, { icon: 'success' })
        if (!back()) replace('/home')
      }
    } catch (e) {
      const { errorText } = await import('../../lib/auth/texts')
      setFormError(errorText(lang, e))
    } finally {
      setBusy(false)
    }
  }
  const err = (k: Field) => (errors[k] ? f[errors[k]] : undefined)

  if (!registering && !auth.token) {
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
        <p className="auth-form__lead">{registering || !askOld ? t.leadNew : t.leadChange}</p>
        {/* Lets password managers tie the new password to the account. */}
        <input type="text" name="username" autoComplete="username" value={auth.lastPhone} readOnly hidden />
        {askOld ? (
          <TextField type="password" label={f.oldPassword} autoComplete="current-password" value={old}
            onChange={(v) => {
              setOld(v)
              clear('old')
            }}
            error={err('old')} />
        ) : null}
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
        <Button type="submit" block busy={busy}>
          {t.submit}
        </Button>
        {registering ? (
          <Button variant="plain" className="auth-form__skip" onClick={() => replace('/improve')} disabled={busy}>
            {t.skip}
          </Button>
        ) : null}
      </form>
    </PageScaffold>
  )
}
