/** A new password typed twice, with the `new-password` hint that lets password managers suggest one. */
import { formTexts } from '../../i18n/formTexts'
import { TextField } from '../Field/TextField'
import type { FormErrors } from './useFormErrors'
import { useTexts } from '../../hooks/useTexts'

interface Props {
  password: string
  confirm: string
  setPassword: (value: string) => void
  setConfirm: (value: string) => void
  form: Pick<FormErrors<'password' | 'confirm'>, 'change' | 'message'>
}

export function NewPasswordFields({ password, confirm, setPassword, setConfirm, form }: Props) {
  const f = useTexts(formTexts)
  const fields = [
    { key: 'password', label: f.newPassword, placeholder: f.newPasswordPlaceholder, value: password, set: setPassword },
    { key: 'confirm', label: f.confirmPassword, placeholder: f.confirmPlaceholder, value: confirm, set: setConfirm },
  ] as const
  return fields.map(({ key, set, ...field }) => (
    <TextField key={key} type="password" autoComplete="new-password" {...field} onChange={form.change(key, set)} error={form.message(key)} />
  ))
}
