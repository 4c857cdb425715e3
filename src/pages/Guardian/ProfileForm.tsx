/**
 * The guardian corrects a child's profile (docs/privacy.md "The guardian's page"): name, grade, class and the
 * month and year of birth, prefilled from the child's export and sent with the guardian's token. A refusal
 * is said in words by its code; a birth that makes the child under 14 without consent makes the child's
 * public things private on the server.
 */
import { useEffect, useState, type FormEvent } from 'react'
import { GUARDIAN_CHILDREN_PATH, GUARDIAN_TOKEN_HEADER, type GuardianChildProfileBody } from '../../contract/guardian'
import { CODE, TOKEN_CODES } from '../../contract/codes'
import type { Lang } from '../../../manifest/app'
import { errorText } from '../../ui/AuthForm/errorText'
import { errors } from '../../lib/http/errors'
import { apiBase } from '../../lib/http/texts'
import { classNames, GRADES, indexIn } from '../../i18n/school'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { BirthMonthPicker } from '../../ui/Picker/BirthMonthPicker'
import { Picker } from '../../ui/Picker/Picker'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

export const PROFILE_TEXTS = defineTexts(
  {
    open: '更正资料',
    title: '更正资料',
    loading: '正在读取孩子的资料…',
    name: '孩子的姓名',
    grade: '年级',
    className: '班级',
    choose: '请选择',
    birth: '出生年月',
    birthHint: '只需年和月。未满 14 周岁且未经您同意时，孩子公开的内容会变为仅自己可见',
    save: '保存更正',
    cancel: '取消',
    saved: '资料已更正',
    nameRequired: '请填写孩子的姓名',
    chooseRequired: '请选择{what}',
    birthInvalid: '出生年月不正确，请重新选择',
    expired: '家长页面的登录已过期，请重新登录',
    notYours: '这个账号不在您的管理之下，或已被注销',
  },
  () => import('./ProfileForm.en'),
)

type Envelope = { code?: unknown; message?: unknown; data?: unknown }

/** A refusal of the guardian's calls in the page's words, by its code (and, for bad input, its field). */
export function refusalText(lang: Lang, status: number, body: Envelope | null): string {
  const t = PROFILE_TEXTS(lang)
  const code = typeof body?.code === 'number' ? body.code : undefined
  const message = typeof body?.message === 'string' ? body.message : ''
  if (status === 401 || (code !== undefined && TOKEN_CODES.includes(code as (typeof TOKEN_CODES)[number]))) return t.expired
  if (code === CODE.DATA_EMPTY) return t.notYours
  if (code === CODE.PARAM_INVALID && message.startsWith('birth')) return t.birthInvalid
  if (code === CODE.PARAM_INVALID && message.startsWith('name')) return t.nameRequired
  // 429 (with its wait), a bad input of another field, a server fault: the sign-in pages' words.
  return errorText(lang, code === undefined || status >= 400 ? errors.status(status, code, body?.data) : errors.business(code, message, status, body?.data))
}

/** The guardian's call on one child; resolves with the answer, or throws an Error whose message is in words. */
async function send(lang: Lang, token: string, id: string, tail: string, init: { method: 'GET' | 'PUT'; body?: unknown }): Promise<Envelope | Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(`${apiBase()}${GUARDIAN_CHILDREN_PATH}/${encodeURIComponent(id)}${tail}`, {
      method: init.method,
      headers: { [GUARDIAN_TOKEN_HEADER]: token, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
  } catch {
    throw new Error(errorText(lang, errors.network()))
  }
  const body = (await res.json().catch(() => null)) as (Envelope & { exportedFor?: unknown }) | null
  // The export has no envelope; every other answer is an envelope, code 0 when it worked.
  if (res.ok && body && (body.exportedFor !== undefined || body.code === 0)) return body
  throw new Error(refusalText(lang, res.status, body))
}

type Profile = { name: string; grade: string; className: string; birth: { year: number; month: number } | null }

/** The export's profile, or null when it has none (an account that never completed its profile). */
function profileOf(data: Record<string, unknown>): Profile | null {
  const p = data.profile as Partial<Profile> | null | undefined
  if (!p || typeof p !== 'object') return null
  return { name: String(p.name ?? ''), grade: String(p.grade ?? ''), className: String(p.className ?? ''), birth: p.birth ?? null }
}

const monthOf = (b: { year: number; month: number } | null) => (b ? `${b.year}-${String(b.month).padStart(2, '0')}` : '')

export function ProfileForm({ lang, token, childId, onSaved, onClose }: { lang: Lang; token: string; childId: string; onSaved: (name: string) => void; onClose: () => void }) {
  const t = useTexts(PROFILE_TEXTS)
  const [loaded, setLoaded] = useState(false)
  const [name, setName] = useState('')
  const [grade, setGrade] = useState(-1)
  const [klass, setKlass] = useState(-1)
  const [birth, setBirth] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [field, setField] = useState<'name' | 'grade' | 'className' | 'birth' | null>(null)

  useEffect(() => {
    let live = true
    send(lang, token, childId, '', { method: 'GET' })
      .then((data) => {
        if (!live) return
        const p = profileOf(data as Record<string, unknown>)
        if (p) {
          setName(p.name)
          setGrade(indexIn([GRADES['zh-Hans'], GRADES.en], p.grade))
          setKlass(indexIn([classNames('zh-Hans'), classNames('en')], p.className))
          setBirth(monthOf(p.birth))
        }
        setLoaded(true)
      })
      .catch((e: unknown) => live && (setError(e instanceof Error ? e.message : String(e)), setLoaded(true)))
    return () => {
      live = false
    }
    // The form reads the child once, when opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const missing = !name.trim() ? 'name' : grade < 0 ? 'grade' : klass < 0 ? 'className' : !/^\d{4}-\d{2}$/.test(birth) ? 'birth' : null
    setField(missing)
    if (missing) return setError(missing === 'name' ? t.nameRequired : t.chooseRequired.replace('{what}', t[missing]))
    const body: GuardianChildProfileBody = {
      name: name.trim(),
      grade: GRADES[lang][grade] ?? '',
      className: classNames(lang)[klass] ?? '',
      year: Number(birth.slice(0, 4)),
      month: Number(birth.slice(5, 7)),
    }
    setBusy(true)
    setError('')
    send(lang, token, childId, '/profile', { method: 'PUT', body })
      .then(() => {
        showToast(t.saved, { icon: 'success' })
        onSaved(body.name)
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(false))
  }

  return (
    <form className="guardian__profile" onSubmit={submit} aria-label={t.title} aria-busy={!loaded}>
      <h3 className="guardian__subtitle">{t.title}</h3>
      {!loaded ? (
        <p className="guardian-form__lead" role="status">
          {t.loading}
        </p>
      ) : (
        <>
          <TextField label={t.name} autoComplete="off" maxLength={32} value={name} onChange={(v) => (setName(v), setError(''))} error={field === 'name' && error ? error : undefined} />
          <div className="guardian__row">
            <Picker mode="selector" label={t.grade} placeholder={t.choose} range={GRADES[lang]} value={grade} onChange={(i) => (setGrade(i), setError(''))} />
            <Picker mode="selector" label={t.className} placeholder={t.choose} range={classNames(lang)} value={klass} onChange={(i) => (setKlass(i), setError(''))} />
          </div>
          <div className="guardian__pick">
            <BirthMonthPicker label={t.birth} placeholder={t.choose} value={birth} onChange={(v) => (setBirth(v), setError(''))} />
            <p className="guardian__hint">{t.birthHint}</p>
          </div>
        </>
      )}
      {error && field !== 'name' ? (
        <p className="guardian-form__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="guardian__row">
        <Button variant="secondary" disabled={busy} onClick={onClose}>
          {t.cancel}
        </Button>
        <Button type="submit" busy={busy} disabled={!loaded}>
          {t.save}
        </Button>
      </div>
    </form>
  )
}
