/** Verification-code field: digits only, the one-time-code autofill hint, and room for a send button. */
import { codeDigits } from '../../lib/auth/checks'
import { TextField, type TextFieldProps } from './TextField'

/** SMS codes of docs/server.md have six digits. */
export const CODE_LENGTH = 6

export type CodeFieldProps = Omit<TextFieldProps, 'filter' | 'type'>

export function CodeField(props: CodeFieldProps) {
  return <TextField type="text" inputMode="numeric" autoComplete="one-time-code" maxLength={CODE_LENGTH} {...props} filter={codeDigits} />
}
