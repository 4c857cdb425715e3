/** A sign-in step opened without the session it needs (a reload, an old link): say so and lead to Login. */
import type { PageRow } from '../../../manifest/pages'
import { replace } from '../../state/navigation'
import { useLang } from '../../state/app'
import { Button } from '../Button/Button'
import { PageScaffold } from '../PageScaffold/PageScaffold'
import './AuthForm.css'

const TO_LOGIN = { 'zh-Hans': '去登录', en: 'Go to log in' }

export function LoginFirst({ page, text }: { page: PageRow; text: string }) {
  const lang = useLang()
  return (
    <PageScaffold page={page}>
      <div className="auth-form auth-form__empty">
        <p>{text}</p>
        <Button onClick={() => replace('/login')}>{TO_LOGIN[lang]}</Button>
      </div>
    </PageScaffold>
  )
}
