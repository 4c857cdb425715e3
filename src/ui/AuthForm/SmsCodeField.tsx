/** The verification-code field with its send button, which shows the wait before another code may be sent. */
import { formTexts } from '../../i18n/formTexts'
import { fill } from '../../i18n/fill'
import { Button } from '../Button/Button'
import { CodeField, type CodeFieldProps } from '../Field/CodeField'
import type { SmsCode } from './useSmsCode'
import { useTexts } from '../../hooks/useTexts'

export type SmsCodeFieldProps = Omit<CodeFieldProps, 'label' | 'action'> & {
  label?: string
  sms: SmsCode
  /** The send button's class: the page's stylesheet places it (the page may not load AuthForm.css). */
  sendClassName?: string
  /** Marks the send button for the prerendered page's starter (a tap before the app starts is held). */
  sendPrestart?: string
}

export function SmsCodeField({ sms, sendClassName = 'auth-form__send', sendPrestart, ...field }: SmsCodeFieldProps) {
  const f = useTexts(formTexts)
  return (
    <CodeField
      label={f.code}
      placeholder={f.codePlaceholder}
      {...field}
      action={
        <Button variant="plain" size="s" className={sendClassName} disabled={sms.left > 0} busy={sms.sending} onClick={() => void sms.send()} data-prestart={sendPrestart}>
          {sms.left > 0 ? fill(f.resend, { n: sms.left }) : f.sendCode}
        </Button>
      }
    />
  )
}
