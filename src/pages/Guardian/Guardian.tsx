/**
 * The guardian's page (public, docs/privacy.md): a parent signs in with a code sent to their own number,
 * then, for each child whose consent is theirs, downloads everything we hold (one JSON file, and each
 * recording), corrects the profile (ProfileForm.tsx), withdraws consent or deletes the account. The token
 * lives in memory only.
 */
import { useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { GUARDIAN, GUARDIAN_CHILDREN_PATH, GUARDIAN_TOKEN_HEADER, type GuardianSignin } from '../../contract/guardian'
import { fill } from '../../i18n/format'
import { call } from '../../lib/http/client'
import { apiBase } from '../../lib/http/texts'
import { useLang } from '../../state/app'
import { Button } from '../../ui/Button/Button'
import { CARD } from '../../ui/Card/card'
import { GuardianCodeFields, GuardianFormError } from '../../ui/GuardianForm/GuardianCodeFields'
import { useGuardianCode } from '../../ui/GuardianForm/useGuardianCode'
import { showModal } from '../../ui/Modal/modal'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { PROFILE_TEXTS, ProfileForm } from './ProfileForm'
import './Guardian.css'

const TEXTS = {
  'zh-Hans': {
    lead: '家长或监护人用自己的手机号登录，可以查看和下载孩子在 Habor 的全部数据，更正孩子的资料，撤回同意，或注销孩子的账号。',
    phone: '家长手机号',
    sent: '验证码已发送',
    code: '验证码',
    signin: '登录家长页面',
    phoneInvalid: '请输入正确的手机号',
    codeInvalid: '请输入 6 位验证码',
    none: '这个手机号下没有需要您管理的孩子账号。',
    consent: { given: '已同意', withdrawn: '已撤回同意', outdated: '规则已更新，待重新同意' },
    download: '下载全部数据（JSON）',
    recordings: '录音',
    recording: '下载录音 {n}',
    withdraw: '撤回同意',
    withdrawTitle: '撤回同意？',
    withdrawBody: '撤回后孩子不能再公开分享，已公开的贺卡和报告会变为仅自己可见。',
    withdrawn: '已撤回同意',
    remove: '注销孩子的账号',
    removeTitle: '注销账号？',
    removeBody: '孩子的资料、作品、贺卡、录音文件和报告将被删除，无法恢复。',
    removed: '账号已注销',
    ok: '确定',
    failed: '操作没有成功，请重新登录后再试',
  },
  en: {
    lead: "Parents and guardians sign in with their own number to see and download everything Habor holds about their child, correct the child's profile, withdraw consent, or delete the child's account.",
    phone: 'Your mobile number',
    sent: 'Code sent',
    code: 'Code',
    signin: "Open the guardian's page",
    phoneInvalid: 'Enter a valid mobile number',
    codeInvalid: 'Enter the 6-digit code',
    none: 'No child account is in your care under this number.',
    consent: { given: 'Consent given', withdrawn: 'Consent withdrawn', outdated: 'Rules changed: consent needed again' },
    download: 'Download all data (JSON)',
    recordings: 'Recordings',
    recording: 'Download recording {n}',
    withdraw: 'Withdraw consent',
    withdrawTitle: 'Withdraw consent?',
    withdrawBody: 'Your child can no longer share publicly; shared cards and reports become private.',
    withdrawn: 'Consent withdrawn',
    remove: "Delete the child's account",
    removeTitle: 'Delete the account?',
    removeBody: "Your child's profile, works, cards, recording files and reports are deleted for good.",
    removed: 'Account deleted',
    ok: 'OK',
    failed: 'That did not work. Please sign in again and retry',
  },
}

type Child = GuardianSignin['children'][number]

/** Saves bytes under a name, as a download. */
function saveAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export default function Guardian({ page }: PageProps) {
  const lang = useLang()
  const t = TEXTS[lang]
  const [session, setSession] = useState<{ token: string; children: Child[] } | null>(null)
  const [recordings, setRecordings] = useState<Record<string, string[]>>({})
  // The child whose profile is being corrected (one form open at a time).
  const [correcting, setCorrecting] = useState<string | null>(null)

  const form = useGuardianCode(lang, t, (e) => (e instanceof Error && e.message === t.failed ? t.failed : null))
  const { attempt, setError } = form

  const sendCode = () => form.send((phone) => call(GUARDIAN.guardianSigninCode, { body: { phone } }))

  const signin = (event: FormEvent) => {
    event.preventDefault()
    if (!form.check()) return
    void attempt(async () => {
      const r = await call(GUARDIAN.guardianSignin, { body: { phone: form.fullPhone(), code: form.code } })
      setSession({ token: r.token, children: r.children })
    })
  }

  /** A call on one child with the guardian's token; a refusal is shown in the page's words. */
  const childCall = async (id: string, tail: string, method: 'GET' | 'POST'): Promise<Response> => {
    const res = await fetch(`${apiBase()}${GUARDIAN_CHILDREN_PATH}/${encodeURIComponent(id)}${tail}`, { method, headers: { [GUARDIAN_TOKEN_HEADER]: session?.token ?? '' } })
    // The export is a JSON file without an envelope; every refusal is an envelope with a code.
    const body = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.clone().json().catch(() => null)) as { code?: unknown; exportedFor?: unknown } | null) : null
    if (!res.ok || (body && body.exportedFor === undefined && body.code !== 0)) throw new Error(t.failed)
    return res
  }

  const download = (child: Child) =>
    void attempt(async () => {
      const res = await childCall(child.id, '', 'GET')
      const text = await res.text()
      const data = JSON.parse(text) as { recordings?: { id: string }[] }
      setRecordings((r) => ({ ...r, [child.id]: (data.recordings ?? []).map((x) => x.id) }))
      saveAs(new Blob([text], { type: 'application/json' }), `habor-${child.name || child.id}.json`)
    })

  const downloadRecording = (child: Child, audioId: string) =>
    void attempt(async () => {
      const res = await childCall(child.id, `/recordings/${encodeURIComponent(audioId)}`, 'GET')
      saveAs(await res.blob(), audioId)
    })

  const act = (child: Child, what: 'withdraw' | 'delete') =>
    void attempt(async () => {
      const sure = await showModal({ title: what === 'withdraw' ? t.withdrawTitle : t.removeTitle, content: what === 'withdraw' ? t.withdrawBody : t.removeBody, confirmText: t.ok })
      if (!sure.confirm) return
      await childCall(child.id, `/${what}`, 'POST')
      showToast(what === 'withdraw' ? t.withdrawn : t.removed, { icon: 'success' })
      setSession((s) => s && { ...s, children: what === 'delete' ? s.children.filter((c) => c.id !== child.id) : s.children.map((c) => (c.id === child.id ? { ...c, consent: 'withdrawn' as const } : c)) })
    })

  const alert = <GuardianFormError text={form.error} />

  return (
    <PageScaffold page={page}>
      <div className="guardian-form">
        {!session ? (
          <form className={`${CARD} guardian-form__card`} onSubmit={signin} aria-label={t.signin}>
            <p className="guardian-form__lead">{t.lead}</p>
            <GuardianCodeFields form={form} phoneLabel={t.phone} phoneAutoComplete="tel-national" codeLabel={t.code} onSend={sendCode} />
            {alert}
            <Button type="submit" block busy={form.busy}>
              {t.signin}
            </Button>
          </form>
        ) : (
          <>
            {alert}
            {session.children.length === 0 ? <p className="guardian-form__lead">{t.none}</p> : null}
            {session.children.map((child) => (
              <section key={child.id} className={`${CARD} guardian-form__card`} aria-label={child.name}>
                <h2 className="guardian-form__name">{child.name}</h2>
                <p className="guardian-form__lead">{t.consent[child.consent]}</p>
                <Button block variant="secondary" onClick={() => download(child)}>
                  {t.download}
                </Button>
                {(recordings[child.id] ?? []).map((audioId, i) => (
                  <Button key={audioId} block variant="plain" onClick={() => downloadRecording(child, audioId)}>
                    {fill(t.recording, { n: i + 1 })}
                  </Button>
                ))}
                {correcting === child.id && session ? (
                  <ProfileForm
                    lang={lang}
                    token={session.token}
                    childId={child.id}
                    onClose={() => setCorrecting(null)}
                    onSaved={(name) => {
                      setCorrecting(null)
                      setSession((s) => s && { ...s, children: s.children.map((c) => (c.id === child.id ? { ...c, name } : c)) })
                    }}
                  />
                ) : (
                  <Button block variant="secondary" onClick={() => (setError(''), setCorrecting(child.id))}>
                    {PROFILE_TEXTS[lang].open}
                  </Button>
                )}
                {child.consent === 'given' ? (
                  <Button block variant="secondary" onClick={() => act(child, 'withdraw')}>
                    {t.withdraw}
                  </Button>
                ) : null}
                <Button block variant="danger" onClick={() => act(child, 'delete')}>
                  {t.remove}
                </Button>
              </section>
            ))}
          </>
        )}
      </div>
    </PageScaffold>
  )
}
