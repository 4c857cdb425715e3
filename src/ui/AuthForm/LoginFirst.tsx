/** A sign-in step opened without the session it needs (a reload, an old link): say so and lead to Login. */
import type { PageRow } from '../../../manifest/pages'
import { replace } from '../../state/navigation'
import { formTexts } from '../../i18n/formTexts'
import { useTexts } from '../../hooks/useTexts'
import { Button } from '../Button/Button'
import { PageScaffold } from '../PageScaffold/PageScaffold'
import './AuthForm.css'

export function LoginFirst({ page, text }: { page: PageRow; text: string }) {
  const f = useTexts(formTexts)
  return (
    <PageScaffold page={page}>
      <div className="auth-form auth-form__empty">
        <p>{text}</p>
        <Button onClick={() => replace('/login')}>{f.toLogin}</Button>
      </div>
    </PageScaffold>
  )
}
