/**
 * Improve: complete the profile (name, grade and class with the kit's picker, organisation by code,
 * invitation code from `?invite=`). During registration it carries the temporary token and answers the
 * final session; signed in, it edits the profile. What is typed is kept as a draft until it is saved. An
 * invitation code is checked when the field is left (and once when it came filled in), so an unknown one
 * is pointed out before sending; it never stops the form. The form's state is one reducer
 * (improveForm.ts), its words are texts.ts.
 */
import { useEffect, useReducer, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { back, replace } from '../../state/navigation'
import { clearDrafts, readDraft, saveDraft } from '../../lib/storage/drafts'
import { formTexts } from '../../i18n/formTexts'
import { fill } from '../../i18n/format'
import { classNames, GRADES } from '../../i18n/school'
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
import { BirthMonthPicker } from '../../ui/Picker/BirthMonthPicker'
import { Picker } from '../../ui/Picker/Picker'
import { checkInvite } from '../../lib/invite/check'
import { improveBody, improveChecks, improveReducer, invitedOrg, isPlainEdit, profileFields, restoredForm, shownVerdict, type DraftKey, type Field } from './improveForm'
import { improveTexts } from './texts'
import { useRetitled } from '../../ui/PageScaffold/retitled'
import './Improve.css'
import { useTexts } from '../../hooks/useTexts'

/** Codes are typed in capitals and are nobody's autofill. */
const CODE_INPUT = { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 32 } as const

const DRAFT = 'improve.'
const draft = (key: DraftKey) => readDraft(`${DRAFT}${key}`)

export default function Improve({ page: row, query }: PageProps) {
  const lang = useLang()
  const f = useTexts(formTexts)
  const t = useTexts(improveTexts)
  const auth = useAuth()
  const phase = useSessionPhase()
  // A session that launch found without a profile (profile pending) completes it as a registration does.
  const editing = useSignedIn() && Boolean(auth.userInfo)
  const page = useRetitled(row, editing, t.editTitle, lang)
  const [state, dispatch] = useReducer(improveReducer, undefined, () => restoredForm(query.invite, authState.userInfo, draft))
  const { name, grade, klass, orgCode, birth, invite, busy } = state
  const form = useFormErrors<Field>(lang)
  const { errors, clear } = form
  // A profile edit made offline waits in the outbox until it lands (app/outbox.ts then reloads the profile).
  const pending = useOutboxItems().find((i) => i.payload.kind === 'profile') ?? null

  const { inviteToCheck } = state
  useEffect(() => {
    const { code } = inviteToCheck
    if (!code) return
    let live = true
    void checkInvite(code).then((verdict) => live && dispatch({ type: 'inviteChecked', code, verdict }))
    return () => {
      live = false
    }
  }, [inviteToCheck])
  const shown = shownVerdict(state)
  const joining = invitedOrg(state, editing)

  const keep = (field: 'name' | 'orgCode' | 'invite') => (value: string) => {
    dispatch({ type: 'typed', field, value })
    if (field !== 'invite') clear(field)
    saveDraft(`${DRAFT}${field}`, value)
  }

  const done = () => {
    showToast(t.done, { icon: 'success' })
    if (!back()) replace('/home')
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || form.check(improveChecks(state, editing))) return
    dispatch({ type: 'sent' })
    try {
      if (isPlainEdit(state, editing, String(authState.userInfo?.org?.code ?? ''))) {
        const answer = await outbox.sendOrQueue({ kind: 'profile', body: profileFields(state, lang), key: outbox.newKey() })
        clearDrafts(DRAFT)
        if ('queued' in answer) return
        await (await loadFlows()).loadProfile({ loading: false })
        done()
        return
      }
      const flows = await loadFlows()
      await flows.improve(improveBody(state, lang, editing))
      clearDrafts(DRAFT)
      if (editing) done()
      else await flows.enterApp()
    } catch (e) {
      await form.fail(e)
    } finally {
      dispatch({ type: 'settled' })
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
      <TextField label={t.name} placeholder={t.namePlaceholder} autoComplete="name" maxLength={32} value={name} onChange={keep('name')} error={err('name')} />
      <div className="improve__row">
        <div className="improve__pick">
          <Picker
            mode="selector"
            label={t.grade}
            placeholder={t.choose}
            range={GRADES[lang]}
            value={grade}
            onChange={(i) => {
              dispatch({ type: 'gradePicked', index: i })
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
              dispatch({ type: 'classPicked', index: i })
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
          <BirthMonthPicker
            label={t.birth}
            placeholder={t.choose}
            value={birth}
            onChange={(v) => {
              dispatch({ type: 'birthPicked', value: v })
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
      {joining && shown?.known ? (
        <div className="improve__org">
          <div>
            <p className="improve__org-label">{t.orgJoined}</p>
            <p className="improve__org-name">{joining.name || joining.code}</p>
            <p className="improve__org-hint">{shown.inviterName ? fill(t.orgJoinedHint, { name: shown.inviterName }) : t.orgJoinedHintAnon}</p>
          </div>
          <button
            type="button"
            className="improve__org-change"
            aria-label={`${t.orgChange} ${t.orgJoined}`}
            onClick={() => {
              dispatch({ type: 'orgChangeChosen', code: joining.code })
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
          onChange={keep('orgCode')}
          error={err('orgCode')}
        />
      )}
      <TextField
        label={t.invite}
        placeholder={t.invitePlaceholder}
        {...CODE_INPUT}
        value={invite}
        onChange={keep('invite')}
        onBlur={() => dispatch({ type: 'inviteLeft' })}
        error={shown && !shown.known ? t.inviteUnknown : undefined}
        hint={shown?.known ? (shown.inviterName ? fill(t.inviteFrom, { name: shown.inviterName }) : t.inviteKnown) : undefined}
      />
    </AuthForm>
  )
}
