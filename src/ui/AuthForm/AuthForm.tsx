/**
 * The card of the sign-in steps (Forget, Password, Improve, Bind): the page frame, the form with its
 * fields, what the server answered, and the submit button. Login has its own look and markup.
 */
import type { FormEvent, ReactNode } from 'react'
import type { PageRow } from '../../../manifest/pages'
import { translate } from '../../i18n/i18n'
import { useLang } from '../../state/app'
import { useSessionPhase } from '../../state/session/machine'
import { Button } from '../Button/Button'
import { PageScaffold } from '../PageScaffold/PageScaffold'
import { FormError } from './FormError'
import { loadFlows } from './loadFlows'
import './AuthForm.css'

interface Props {
  page: PageRow
  onSubmit: (event: FormEvent) => void
  /** What the server or the network answered, above the submit button. */
  error: string
  /** The submit button's label. */
  submit: ReactNode
  busy: boolean
  disabled?: boolean
  /** Below the submit button, such as a skip button. */
  after?: ReactNode
  children: ReactNode
}

export function AuthForm({ page, onSubmit, error, submit, busy, disabled, after, children }: Props) {
  const lang = useLang()
  // Half-way through a registration the student may have meant another account: a way back to Login.
  const registering = useSessionPhase() === 'registering'
  const anotherAccount = async () => {
    const flows = await loadFlows()
    await flows.logout()
  }
  return (
    <PageScaffold page={page}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        {children}
        <FormError text={error} />
        <Button type="submit" block busy={busy} disabled={disabled}>
          {submit}
        </Button>
        {after}
        {registering && (
          <Button variant="plain" className="auth-form__skip" onClick={() => void anotherAccount()} disabled={busy}>
            {translate(lang, 'auth.anotherAccount')}
          </Button>
        )}
      </form>
    </PageScaffold>
  )
}
