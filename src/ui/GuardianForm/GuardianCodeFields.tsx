/**
 * The guardian's number with its send button, and the code the guardian received (useGuardianCode.ts);
 * `children` stand between the two (the consent's link to the children's rules).
 */
import type { ReactNode } from 'react'
import { fill } from '../../i18n/format'
import { Button } from '../Button/Button'
import { TextField } from '../Field/TextField'
import type { GuardianCode } from './useGuardianCode'
import { defineTexts } from '../../i18n/texts'
import './GuardianForm.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  { sendCode: '获取验证码', resend: '{n} 秒后重发' },
  () => import('./GuardianCodeFields.en'),
)

export interface GuardianCodeFieldsProps {
  form: GuardianCode
  phoneLabel: string
  phonePlaceholder?: string
  /** `tel-national` where the number is the guardian's own, `off` where a child types it. */
  phoneAutoComplete: string
  codeLabel: string
  onSend: () => void
  children?: ReactNode
}

export function GuardianCodeFields({ form, phoneLabel, phonePlaceholder, phoneAutoComplete, codeLabel, onSend, children }: GuardianCodeFieldsProps) {
  const t = useTexts(TEXTS)
  return (
    <>
      <TextField
        label={phoneLabel}
        placeholder={phonePlaceholder}
        inputMode="numeric"
        autoComplete={phoneAutoComplete}
        maxLength={11}
        prefix="+86"
        value={form.phone}
        onChange={(v) => (form.setPhone(v), form.setError(''))}
        filter={(v) => v.replace(/\D/g, '')}
        action={
          <Button size="s" variant="secondary" disabled={form.wait > 0 || form.busy} onClick={onSend}>
            {form.wait > 0 ? fill(t.resend, { n: form.wait }) : t.sendCode}
          </Button>
        }
      />
      {children}
      {/* Not ui/Field/CodeField: sharing it with these pages would split it from Login's start into a file of its own. */}
      <TextField label={codeLabel} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={form.code} onChange={(v) => (form.setCode(v), form.setError(''))} filter={(v) => v.replace(/\D/g, '')} />
    </>
  )
}

/** The form's one error line. */
export function GuardianFormError({ text }: { text: string }) {
  return text ? (
    <p className="guardian-form__error" role="alert">
      {text}
    </p>
  ) : null
}
