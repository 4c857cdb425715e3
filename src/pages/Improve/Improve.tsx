/**
 * Improve: complete the profile (name, grade and class with the kit's picker, organisation by code,
 * invitation code from `?invite=`). During registration it carries the temporary token and answers the
 * final session; signed in, it edits the profile. What is typed is kept as a draft until it is saved.
 */
import { useEffect, useState, type FormEvent } from 'react'
import type { PageProps } from '../../app/routes'
import { back, replace } from '../../app/navigation'
import { clearDrafts, readDraft, saveDraft } from '../../lib/auth/drafts'
import { checkRequired, failed, fill, formTexts, type Errors } from '../../lib/auth/form'
import { useLang } from '../../state/app'
import { authState, useAuth } from '../../state/auth'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { Picker } from '../../ui/Picker/Picker'
import '../../ui/AuthForm/AuthForm.css'
import './Improve.css'

type Field = 'name' | 'grade' | 'className' | 'orgCode'

const GRADES = {
  'zh-Hans': ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级', '七年级', '八年级', '九年级', '高一', '高二', '高三'],
  en: ['Grade 1', 'Grade 2', 'Grade 3', 'Grade 4', 'Grade 5', 'Grade 6', 'Grade 7', 'Grade 8', 'Grade 9', 'Grade 10', 'Grade 11', 'Grade 12'],
}
const CLASS_COUNT = 30
const classes = (lang: 'zh-Hans' | 'en') => Array.from({ length: CLASS_COUNT }, (_, i) => (lang === 'zh-Hans' ? `${i + 1}班` : `Class ${i + 1}`))

/** The index of a stored grade or class in either language's list (-1 = none). */
function indexIn(lists: readonly (readonly string[])[], value: string): number {
  for (const list of lists) {
    const i = list.indexOf(value)
    if (i >= 0) return i
  }
  return -1
}

const TEXTS = {
  'zh-Hans': {
    leadNew: '完善资料后即可开始阅读',
    leadEdit: '修改你的资料',
    name: '姓名',
    namePlaceholder: '你的真实姓名',
    grade: '年级',
    className: '班级',
    choose: '请选择',
    orgCode: '机构代码',
    orgPlaceholder: '学校或机构提供的代码，如 DEMO',
    invite: '邀请码（选填）',
    invitePlaceholder: '好友的邀请码',
    chooseRequired: '请选择{what}',
    submit: '完成',
    save: '保存',
    done: '资料已保存',
    none: '请先登录',
    toLogin: '去登录',
  },
  en: {
    leadNew: 'Complete your profile to start reading',
    leadEdit: 'Edit your profile',
    name: 'Name',
    namePlaceholder: 'Your full name',
    grade: 'Grade',
    className: 'Class',
    choose: 'Choose',
    orgCode: 'Organisation code',
    orgPlaceholder: 'The code from your school, e.g. DEMO',
    invite: 'Invitation code (optional)',
    invitePlaceholder: "A friend's invitation code",
    chooseRequired: 'Choose your {what}',
    submit: 'Done',
    save: 'Save',
    done: 'Profile saved',
    none: 'Please log in first',
    toLogin: 'Go to log in',
  },
}

const DRAFT = 'improve.'

export default function Improve({ page, query }: PageProps) {
  const lang = useLang()
  const f = formTexts(lang)
  const t = TEXTS[lang]
  const auth = useAuth()
  const editing = Boolean(auth.token && auth.userInfo)
  const [name, setName] = useState('')
  const [grade, setGrade] = useState(-1)
  const [klass, setKlass] = useState(-1)
  const [orgCode, setOrgCode] = useState('')
  const [invite, setInvite] = useState(query.invite ?? '')
  const [errors, setErrors] = useState<Errors<Field>>({})
  const clear = (k: Field) => setErrors((e) => (e[k] ? { ...e, [k]: undefined } : e))
  const [formError, setFormError] = useState('')
  const [busy, setBusy] = useState(false)

  // The saved profile first, then any unsent draft over it.
  useEffect(() => {
    const user = authState.userInfo
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    setName(readDraft(`${DRAFT}name`) || str(user?.name))
    setOrgCode(readDraft(`${DRAFT}orgCode`) || str(user?.org?.code))
    setInvite((i) => i || readDraft(`${DRAFT}invite`))
    const g = readDraft(`${DRAFT}grade`) || str(user?.grade)
    const c = readDraft(`${DRAFT}className`) || str(user?.className)
    setGrade(indexIn([GRADES['zh-Hans'], GRADES.en], g))
    setKlass(indexIn([classes('zh-Hans'), classes('en')], c))
  }, [])

  const keep = (key: Field | 'invite', set: (v: string) => void) => (value: string) => {
    set(value)
    if (key !== 'invite') clear(key)
    saveDraft(`${DRAFT}${key}`, value)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setFormError('')
    const bad = failed<Field>({
      name: checkRequired(name),
      grade: grade < 0 ? 'required' : undefined,
      className: klass < 0 ? 'required' : undefined,
      orgCode: checkRequired(orgCode),
    })
    setErrors(bad ?? {})
    if (bad) return
    setBusy(true)
    try {
      const flows = await import('../../lib/auth/flows')
      await flows.improve({
        name: name.trim(),
        grade: GRADES[lang][grade] ?? '',
        className: classes(lang)[klass] ?? '',
        orgCode: orgCode.trim().toUpperCase(),
        ...(invite.trim() ? { inviteCode: invite.trim().toUpperCase() } : {}),
      })
      clearDrafts(DRAFT)
      if (editing) {
        showToast(t.done, { icon: 'success' })
        if (!back()) replace('/home')
      } else await flows.enterApp()
    } catch (e) {
      const { errorText } = await import('../../lib/auth/texts')
      setFormError(errorText(lang, e))
    } finally {
      setBusy(false)
    }
  }
  const err = (k: Field) => {
    const e = errors[k]
    if (!e) return undefined
    if (e === 'required' && (k === 'grade' || k === 'className')) return fill(t.chooseRequired, { what: k === 'grade' ? t.grade : t.className })
    return fill(f[e], { n: 32 })
  }

  if (!auth.token && !auth.tempToken) {
    return (
      <PageScaffold page={page}>
        <div className="auth-form auth-form__empty">
          <p>{t.none}</p>
          <Button onClick={() => replace('/login')}>{t.toLogin}</Button>
        </div>
      </PageScaffold>
    )
  }

  return (
    <PageScaffold page={page}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <p className="auth-form__lead">{editing ? t.leadEdit : t.leadNew}</p>
        <TextField label={t.name} placeholder={t.namePlaceholder} autoComplete="name" maxLength={32} value={name} onChange={keep('name', setName)} error={err('name')} />
        <div className="improve__row">
          <div className="improve__pick">
            <Picker
              mode="selector"
              label={t.grade}
              placeholder={t.choose}
              range={GRADES[lang]}
              value={grade}
              onChange={(i) => {
                setGrade(i)
                clear('grade')
                saveDraft(`${DRAFT}grade`, GRADES[lang][i] ?? '')
              }}
            />
            {errors.grade ? (
              <p className="improve__error" role="alert">
                {err('grade')}
              </p>
            ) : null}
          </div>
          <div className="improve__pick">
            <Picker
              mode="selector"
              label={t.className}
              placeholder={t.choose}
              range={classes(lang)}
              value={klass}
              onChange={(i) => {
                setKlass(i)
                clear('className')
                saveDraft(`${DRAFT}className`, classes(lang)[i] ?? '')
              }}
            />
            {errors.className ? (
              <p className="improve__error" role="alert">
                {err('className')}
              </p>
            ) : null}
          </div>
        </div>
        <TextField
          label={t.orgCode}
          placeholder={t.orgPlaceholder}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={32}
          value={orgCode}
          onChange={keep('orgCode', setOrgCode)}
          error={err('orgCode')}
        />
        <TextField
          label={t.invite}
          placeholder={t.invitePlaceholder}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={32}
          value={invite}
          onChange={keep('invite', setInvite)}
        />
        {formError ? (
          <p className="auth-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" block busy={busy}>
          {editing ? t.save : t.submit}
        </Button>
      </form>
    </PageScaffold>
  )
}
