/** The phone field of the sign-in forms: their label and placeholder, and the `tel` autofill hint. */
import { formTexts } from '../../i18n/formTexts'
import { PhoneField, type PhoneFieldProps } from '../Field/PhoneField'
import { useTexts } from '../../hooks/useTexts'

export function SignInPhoneField(props: Omit<PhoneFieldProps, 'label'>) {
  const f = useTexts(formTexts)
  return <PhoneField label={f.phone} placeholder={f.phonePlaceholder} autoComplete="tel" {...props} />
}
