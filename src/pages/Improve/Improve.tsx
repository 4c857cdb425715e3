/**
 * Improve: complete the profile (name, grade and class with the kit's picker, organisation by code,
 * invitation code from `?invite=`). During registration it carries the temporary token and answers the
 * final session; signed in, it edits the profile. What is typed is kept as a draft until it is saved. An
 * invitation code is checked when the field is left (and once when it came filled in), so an unknown one
 * is pointed out before sending; it never stops the form.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { back, replace } from '../../state/navigation'
import { documentTitle } from '../../i18n/title'
import { clearDrafts, readDraft, saveDraft } from '../../lib/storage/drafts'
import { BIRTH_YEARS_BACK } from '../../contract/guardian'
import { normalizeInviteCode } from '../../contract/invite'
import { checkRequired } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import { fill } from '../../i18n/format'
import { classNames, GRADES, indexIn } from '../../i18n/school'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import * as outbox from '../../lib/outbox/outbox'
import { useLang } from '../../state/app'
import { authState, useAuth } from '../../state/auth'
import { useSessionPhase, useSignedIn } from '../../state/session/machine'
import { AuthForm } from '../../ui/AuthForm/AuthForm'
import { loadFlows } from '../../ui/AuthForm/loadFlows'
import { LoginFirst } from '../../ui/AuthForm/LoginFirst'
import { useFormErrors } from '../../ui/AuthForm/useFormErrors'
import { TextField } from '../../ui/Field/TextField'
import { ClassPending } from '../../ui/ClassPending/ClassPending'
import { PendingWrite } from '../../ui/PendingWrite/PendingWrite'
import { showToast } from '../../ui/Overlay/overlay'
import { Picker } from '../../ui/Picker/Picker'
import { checkInvite, type InviteVerdict } from '../../lib/invite/check'
import './Improve.css'

type Field = 'name' | 'grade' | 'className' | 'orgCode' | 'birth'

/** Codes are typed in capitals and are nobody's autofill. */
const CODE_INPUT = { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 32 } as const


const TEXTS = {
  'zh-Hans': {
    leadNew: '完善资料后即可开始阅读',
    leadEdit: '修改你的资料',
    name: '姓名',
    namePlaceholder: '你的真实姓名',
    grade: '年级',
    className: '班级',
    choose: '请选择',
    birth: '出生年月',
    birthHint: '只需年和月。未满 14 周岁需要家长同意后才能公开分享',
    orgCode: '机构代码',
    orgPlaceholder: '学校或机构提供的代码，如 DEMO',
    invite: '邀请码（选填）',
    invitePlaceholder: '好友的邀请码',
    inviteUnknown: '没有找到这个邀请码，请检查是否输入正确；不填也可以完成',
    inviteFrom: '来自 {name} 的邀请',
    inviteKnown: '邀请码有效',
    orgJoined: '学校或机构',
    orgJoinedHint: '随 {name} 的邀请加入',
    orgJoinedHintAnon: '随邀请加入',
    orgChange: '更改',
    chooseRequired: '请选择{what}',
    submit: '完成',
    save: '保存',
    done: '资料已保存',
    pending: '待同步：修改已保存在这台设备上，连上网络后会自动同步',
    refused: '资料没有同步成功：{why}',
    resend: '重新同步',
    discard: '放弃这次修改',
    none: '请先登录',
  },
  en: {
    leadNew: 'Complete your profile to start reading',
    leadEdit: 'Edit your profile',
    name: 'Name',
    namePlaceholder: 'Your full name',
    grade: 'Grade',
    className: 'Class',
    choose: 'Choose',
    birth: 'Month and year of birth',
    birthHint: 'Year and month only. Under 14, a guardian must agree before you share publicly',
    orgCode: 'Organisation code',
    orgPlaceholder: 'The code from your school, e.g. DEMO',
    invite: 'Invitation code (optional)',
    invitePlaceholder: "A friend's invitation code",
    inviteUnknown: 'No invitation has this code. Check it, or leave the field empty',
    inviteFrom: 'Invited by {name}',
    inviteKnown: 'Valid invitation code',
    orgJoined: 'School or organisation',
    orgJoinedHint: 'Joined with the invitation from {name}',
    orgJoinedHintAnon: 'Joined with the invitation',
    orgChange: 'Change',
    chooseRequired: 'Choose your {what}',
    submit: 'Done',
    save: 'Save',
    done: 'Profile saved',
    pending: 'Waiting to send: your changes are kept on this device and sent once you are online',
    refused: 'Your profile was not updated: {why}',
    resend: 'Send again',
    discard: 'Drop this change',
    none: 'Please log in first',
  },
}

const DRAFT = 'improve.'

/** Signed in, the page edits a profile that is already complete: it is titled for that. */
const EDIT_TITLE = { 'zh-Hans': '编辑资料', en: 'Edit profile' } as const

export default function Improve({ page: row, query }: PageProps) {
  const lang = useLang()
  const f = formTexts(lang)
  const t = TEXTS[lang]
  const auth = useAuth()
  const phase = useSessionPhase()
  // A session that launch found without a profile (profile pending) completes it as a registration does.
  const editing = useSignedIn() && Boolean(auth.userInfo)
  const page = useMemo(() => (editing ? { ...row, title: EDIT_TITLE } : row), [editing, row])
  useEffect(() => {
    if (!editing) return
    // The shell titles the document from the page table in this same commit, after this effect: go after it.
    queueMicrotask(() => {
      document.title = documentTitle(page, lang, true)
    })
  }, [editing, page, lang])
  const [name, setName] = useState('')
  const [grade, setGrade] = useState(-1)
  const [klass, setKlass] = useState(-1)
  const [orgCode, setOrgCode] = useState('')
  // 'YYYY-MM', asked when the profile is first made (docs/privacy.md); an edit never asks again.
  const [birth, setBirth] = useState(() => readDraft(`${DRAFT}birth`))
  const [invite, setInvite] = useState(query.invite ?? '')
  const form = useFormErrors<Field>(lang)
  const { errors, clear } = form
  const [busy, setBusy] = useState(false)
  // A profile edit made offline waits in the outbox until it lands (app/outbox.ts then reloads the profile).
  const pending = useOutboxItems().find((i) => i.payload.kind === 'profile') ?? null
  // The code last left in the field (or brought by the link or a draft), and the server's verdict on it.
  // A new object each time, so leaving the field again retries a check the network lost.
  const [inviteToCheck, setInviteToCheck] = useState(() => ({ code: normalizeInviteCode(query.invite ?? '') }))
  const [verdict, setVerdict] = useState<(InviteVerdict & { code: string }) | null>(null)

  // The saved profile first, then any unsent draft over it.
  useEffect(() => {
    const user = authState.userInfo
    const str = (v: unknown) => (typeof v === 'string' ? v : '')
    setName(readDraft(`${DRAFT}name`) || str(user?.name))
    setOrgCode(readDraft(`${DRAFT}orgCode`) || str(user?.org?.code))
    const draftInvite = readDraft(`${DRAFT}invite`)
    setInvite((i) => i || draftInvite)
    setInviteToCheck((prev) => (prev.code ? prev : { code: normalizeInviteCode(draftInvite) }))
    const g = readDraft(`${DRAFT}grade`) || str(user?.grade)
    const c = readDraft(`${DRAFT}className`) || str(user?.className)
    setGrade(indexIn([GRADES['zh-Hans'], GRADES.en], g))
    setKlass(indexIn([classNames('zh-Hans'), classNames('en')], c))
  }, [])

  useEffect(() => {
    const { code } = inviteToCheck
    if (!code) return
    let live = true
    void checkInvite(code).then((v) => live && setVerdict(v && { ...v, code }))
    return () => {
      live = false
    }
  }, [inviteToCheck])
  // A verdict speaks only of the code it was given: typing another hides it at once.
  const inviteCode = normalizeInviteCode(invite)
  const shown = verdict?.code === inviteCode ? verdict : null
  // Registering with an invitation: the inviter's organisation is taken, not asked again, unless the
  // student chooses another (or has already typed one).
  const [changingOrg, setChangingOrg] = useState(false)
  const invitedOrg = !editing && !changingOrg && shown?.known && shown.org && (!orgCode.trim() || orgCode.trim().toUpperCase() === shown.org.code) ? shown.org : null
  const chosenOrg = orgCode.trim() || invitedOrg?.code || ''

  const keep = (key: Field | 'invite', set: (v: string) => void) => (value: string) => {
    set(value)
    if (key !== 'invite') clear(key)
    saveDraft(`${DRAFT}${key}`, value)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const bad = form.check({
      name: checkRequired(name),
      grade: grade < 0 ? 'required' : undefined,
      className: klass < 0 ? 'required' : undefined,
      orgCode: checkRequired(chosenOrg),
      birth: !editing && !/^\d{4}-\d{2}$/.test(birth) ? 'required' : undefined,
    })
    if (bad) return
    setBusy(true)
    // An edit of name, grade or class keeps the session: it goes as a plain write, which waits in the
    // outbox when the network is away. Joining another organisation (or an invitation) still goes the
    // registration way, which answers with new tokens.
    const sameOrg = editing && chosenOrg.toUpperCase() === String(authState.userInfo?.org?.code ?? '').toUpperCase() && !invite.trim()
    try {
      if (sameOrg) {
        const body = { name: name.trim(), grade: GRADES[lang][grade] ?? '', className: classNames(lang)[klass] ?? '' }
        const answer = await outbox.sendOrQueue({ kind: 'profile', body, key: outbox.newKey() })
        clearDrafts(DRAFT)
        if ('queued' in answer) return
        await (await loadFlows()).loadProfile({ loading: false })
        showToast(t.done, { icon: 'success' })
        if (!back()) replace('/home')
        return
      }
      const flows = await loadFlows()
      await flows.improve({
        name: name.trim(),
        grade: GRADES[lang][grade] ?? '',
        className: classNames(lang)[klass] ?? '',
        orgCode: chosenOrg.toUpperCase(),
        ...(invite.trim() ? { inviteCode: invite.trim().toUpperCase() } : {}),
        ...(!editing && birth ? { birth: { year: Number(birth.slice(0, 4)), month: Number(birth.slice(5, 7)) } } : {}),
      })
      clearDrafts(DRAFT)
      if (editing) {
        showToast(t.done, { icon: 'success' })
        if (!back()) replace('/home')
      } else await flows.enterApp()
    } catch (e) {
      await form.fail(e)
    } finally {
      setBusy(false)
    }
  }
  const err = (k: Field) => {
    const e = errors[k]
    if (!e) return undefined
    if (e === 'required' && (k === 'grade' || k === 'className' || k === 'birth')) return fill(t.chooseRequired, { what: k === 'grade' ? t.grade : k === 'birth' ? t.birth : t.className })
    return fill(f[e], { n: 32 })
  }

  if (phase === 'signedOut') return <LoginFirst page={page} text={t.none} />
  const waiting = editing ? pending : null

  return (
    <AuthForm page={page} onSubmit={submit} error={form.formError} submit={editing ? t.save : t.submit} busy={busy}>
      <p className="auth-form__lead">{editing ? t.leadEdit : t.leadNew}</p>
      <PendingWrite item={waiting} texts={t} />
      {editing ? <ClassPending on="profile" /> : null}
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
            range={classNames(lang)}
            value={klass}
            onChange={(i) => {
              setKlass(i)
              clear('className')
              saveDraft(`${DRAFT}className`, classNames(lang)[i] ?? '')
            }}
          />
          {errors.className ? (
            <p className="improve__error" role="alert">
              {err('className')}
            </p>
          ) : null}
        </div>
      </div>
      {editing ? null : (
        <div className="improve__pick">
          <Picker
            mode="date"
            fields="month"
            label={t.birth}
            placeholder={t.choose}
            value={birth}
            start={`${new Date().getFullYear() - BIRTH_YEARS_BACK}-01`}
            end={`${new Date().getFullYear()}-${String(new Date().getMonth() + 1).padStart(2, '0')}`}
            onChange={(v) => {
              setBirth(v)
              clear('birth')
              saveDraft(`${DRAFT}birth`, v)
            }}
          />
          {errors.birth ? (
            <p className="improve__error" role="alert">
              {err('birth')}
            </p>
          ) : (
            <p className="improve__hint">{t.birthHint}</p>
          )}
        </div>
      )}
      {invitedOrg && shown?.known ? (
        <div className="improve__org">
          <div>
            <p className="improve__org-label">{t.orgJoined}</p>
            <p className="improve__org-name">{invitedOrg.name || invitedOrg.code}</p>
            <p className="improve__org-hint">{shown.inviterName ? fill(t.orgJoinedHint, { name: shown.inviterName }) : t.orgJoinedHintAnon}</p>
          </div>
          <button
            type="button"
            className="improve__org-change"
            aria-label={`${t.orgChange} ${t.orgJoined}`}
            onClick={() => {
              setOrgCode(invitedOrg.code)
              setChangingOrg(true)
              queueMicrotask(() => document.getElementById('improve-org')?.focus())
            }}
          >
            {t.orgChange}
          </button>
        </div>
      ) : (
        <TextField
          id="improve-org"
          label={t.orgCode}
          placeholder={t.orgPlaceholder}
          {...CODE_INPUT}
          value={orgCode}
          onChange={keep('orgCode', setOrgCode)}
          error={err('orgCode')}
        />
      )}
      <TextField
        label={t.invite}
        placeholder={t.invitePlaceholder}
        {...CODE_INPUT}
        value={invite}
        onChange={keep('invite', setInvite)}
        onBlur={() => {
          if (!shown) setInviteToCheck({ code: inviteCode })
        }}
        error={shown && !shown.known ? t.inviteUnknown : undefined}
        hint={shown?.known ? (shown.inviterName ? fill(t.inviteFrom, { name: shown.inviterName }) : t.inviteKnown) : undefined}
      />
    </AuthForm>
  )
}
