/**
 * Password: set the first password right after SMS registration (temporary token, then Improve), or set /
 * change it when signed in (the current password is asked for when the account has one).
 */
import { useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { back, replace } from '../../state/navigation'
import { checkConfirm, checkNewPassword, checkPassword } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import { useLang } from '../../state/app'
import { useAuth } from '../../state/auth'
import { useSessionPhase } from '../../state/session/machine'
import { AuthForm } from '../../ui/AuthForm/AuthForm'
import { loadFlows } from '../../ui/AuthForm/loadFlows'
import { LoginFirst } from '../../ui/AuthForm/LoginFirst'
import { NewPasswordFields } from '../../ui/AuthForm/NewPasswordFields'
import { useFormErrors } from '../../ui/AuthForm/useFormErrors'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { useTexts } from '../../hooks/useTexts'
import { defineTexts } from '../../i18n/texts'
import { useRetitled } from '../../ui/PageScaffold/retitled'

type Field = 'old' | 'password' | 'confirm'

const TEXTS = defineTexts(
  {
    leadNew: '设置登录密码后，可以用手机号和密码登录',
    leadChange: '修改后，其他设备上的登录将失效',
    submit: '保存密码',
    skip: '稍后设置',
    done: '密码已保存',
    none: '请先登录或完成验证码注册',
    /** An account that has a password changes it: the page says so, as the link that opened it did. */
    changeTitle: '修改密码',
  },
  () => import('./Password.en'),
)

export default function Password({ page: row }: PageProps) {
  const lang = useLang()
  const f = useTexts(formTexts)
  const t = useTexts(TEXTS)
  const auth = useAuth()
  const phase = useSessionPhase()
  const registering = phase === 'registering'
  const askOld = !registering && auth.userInfo?.isPassword === true
  const page = useRetitled(row, askOld, t.changeTitle, lang)
  const [old, setOld] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const form = useFormErrors<Field>(lang)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (form.check({ old: askOld ? checkPassword(old) : undefined, password: checkNewPassword(password, askOld ? old : undefined), confirm: checkConfirm(password, confirm) })) return
    setBusy(true)
    try {
      const flows = await loadFlows()
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
      await form.fail(e, 'change-password')
    } finally {
      setBusy(false)
    }
  }

  if (phase === 'signedOut') return <LoginFirst page={page} text={t.none} />

  return (
    <AuthForm
      page={page}
      onSubmit={submit}
      error={form.formError}
      submit={t.submit}
      busy={busy}
      after={
        registering ? (
          <Button variant="plain" className="auth-form__skip" onClick={() => replace('/improve')} disabled={busy}>
            {t.skip}
          </Button>
        ) : null
      }
    >
      <p className="auth-form__lead">{registering || !askOld ? t.leadNew : t.leadChange}</p>
      {/* Lets password managers tie the new password to the account. */}
      <input type="text" name="username" autoComplete="username" value={auth.lastPhone} readOnly hidden />
      {askOld ? (
        <TextField type="password" label={f.oldPassword} autoComplete="current-password" value={old} onChange={form.change('old', setOld)} error={form.message('old')} />
      ) : null}
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} form={form} />
    </AuthForm>
  )
}
