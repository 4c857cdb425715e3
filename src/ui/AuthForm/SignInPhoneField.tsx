/** The phone field of the sign-in forms: their label and placeholder, and the `tel` autofill hint. */
import { formTexts } from '../../i18n/formTexts'
import { useLang } from '../../state/app'
import { PhoneField, type PhoneFieldProps } from '../Field/PhoneField'

export function SignInPhoneField(props: Omit<PhoneFieldProps, 'label'>) {
  const f = formTexts(useLang())
  return <PhoneField label={f.phone} placeholder={f.phonePlaceholder} autoComplete="tel" {...props} />
}
