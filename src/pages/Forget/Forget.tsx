/** Forget: phone, SMS code and the new password twice → the password is changed → back to Login. */
import { useEffect, useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { replace } from '../../state/navigation'
import { handPhone, takeHandedPhone } from '../../state/handoff'
import { checkCode, checkConfirm, checkNewPassword, checkPhone } from '../../lib/auth/checks'
import { read } from '../../lib/storage'
import { useLang } from '../../state/app'
import { AuthForm } from '../../ui/AuthForm/AuthForm'
import { loadFlows } from '../../ui/AuthForm/loadFlows'
import { NewPasswordFields } from '../../ui/AuthForm/NewPasswordFields'
import { SignInPhoneField } from '../../ui/AuthForm/SignInPhoneField'
import { SmsCodeField } from '../../ui/AuthForm/SmsCodeField'
import { useFormErrors } from '../../ui/AuthForm/useFormErrors'
import { useSmsCode } from '../../ui/AuthForm/useSmsCode'
import { showToast } from '../../ui/Overlay/overlay'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

type Field = 'phone' | 'code' | 'password' | 'confirm'

const TEXTS = defineTexts(
  {
    lead: '验证手机号后即可设置新密码',
    // The server answers every number alike (docs/security.md): the text message is where a number without an account learns it.
    unknown: '如果这个手机号还没有注册，短信会告诉你，用验证码登录即可注册。',
    submit: '重置密码',
    done: '密码已重置，请用新密码登录',
  },
  () => import('./Forget.en'),
)

export default function Forget({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const form = useFormErrors<Field>(lang)
  const [submitting, setSubmitting] = useState(false)
  const sms = useSmsCode({ phone, scene: 'forget', form, busy: submitting })

  useEffect(() => {
    // The phone typed on Login when the student came from there, else the last one signed in with.
    const typed = takeHandedPhone()?.phone || read('lastPhone')
    if (typed) setPhone((p) => p || typed)
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (submitting || sms.sending) return
    if (form.check({ phone: checkPhone(phone), code: checkCode(code), password: checkNewPassword(password), confirm: checkConfirm(password, confirm) })) return
    setSubmitting(true)
    try {
      const flows = await loadFlows()
      await flows.forgetPassword(phone, code, password)
      showToast(t.done, { icon: 'success', duration: 2500 })
      handPhone(phone, true)
      replace('/login')
    } catch (e) {
      await form.fail(e)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <AuthForm page={page} onSubmit={submit} error={form.formError} submit={t.submit} busy={submitting} disabled={sms.sending}>
      <p className="auth-form__lead">{t.lead}</p>
      <p className="auth-form__note">{t.unknown}</p>
      <SignInPhoneField value={phone} onChange={form.change('phone', setPhone)} error={form.message('phone')} />
      <SmsCodeField sms={sms} value={code} onChange={form.change('code', setCode)} error={form.message('code')} />
      <NewPasswordFields password={password} confirm={confirm} setPassword={setPassword} setConfirm={setConfirm} form={form} />
    </AuthForm>
  )
}
