/** Phone field: the +86 prefix of docs/product.md "Input rules" shown before an 11-digit mainland number. */
import { COUNTRY_PREFIX } from '../../contract/phone'
import { translate } from '../../i18n/i18n'
import { phoneDigits } from '../../lib/auth/checks'
import { useLang } from '../../state/app'
import { TextField, type TextFieldProps } from './TextField'

export type PhoneFieldProps = Omit<TextFieldProps, 'prefix' | 'prefixLabel' | 'filter' | 'type'>

export function PhoneField(props: PhoneFieldProps) {
  const lang = useLang()
  return (
    <TextField
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={props.maxLength ?? 11}
      {...props}
      prefix={COUNTRY_PREFIX}
      prefixLabel={translate(lang, 'field.phonePrefix')}
      // The paste of a full international number is longer than 11: filter first, then cut.
      filter={phoneDigits}
      onPaste={(event) => {
        const text = event.clipboardData.getData('text')
        if (!text) return
        event.preventDefault()
        props.onChange(phoneDigits(text))
      }}
    />
  )
}
