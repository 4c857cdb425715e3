/**
 * The guardian's page (public, docs/privacy.md): a parent signs in with a code sent to their own number,
 * then, for each child whose consent is theirs, reads a summary of the child's data (counts and dates),
 * downloads everything we hold (one JSON file, and each recording), corrects the profile (ProfileForm.tsx),
 * withdraws consent or deletes the account. The sign-in's token is kept in this tab only (sessionStorage,
 * never the child's own sign-in store: the page is often opened on the child's phone), so a reload keeps
 * the parent signed in for the sign-in's 30 minutes; 退出 ends it.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import type { Lang } from '../../../manifest/app'
import { GUARDIAN, GUARDIAN_CHILDREN_PATH, GUARDIAN_SIGNOUT_PATH, GUARDIAN_TOKEN_HEADER, type GuardianChildren, type GuardianSignin } from '../../contract/guardian'
import { fill, formatNumber, formatWhen } from '../../i18n/format'
import { call } from '../../lib/http/client'
import { apiBase } from '../../lib/http/texts'
import { tabRead, tabRemove, tabWrite } from '../../lib/storage/tab'
import { useLang } from '../../state/app'
import { Button } from '../../ui/Button/Button'
import { CARD } from '../../ui/Card/card'
import { GuardianCodeFields, GuardianFormError } from '../../ui/GuardianForm/GuardianCodeFields'
import { guardianRefusal } from '../../ui/GuardianForm/refusals'
import { useGuardianCode } from '../../ui/GuardianForm/useGuardianCode'
import { showModal } from '../../ui/Modal/modal'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { PROFILE_TEXTS, ProfileForm, refusalText } from './ProfileForm'
import './Guardian.css'
import { saveBlob } from '../../lib/device/saveBlob'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    lead: '家长或监护人用自己的手机号登录，可以查看和下载孩子在 Habor 的全部数据，更正孩子的资料，撤回同意，或注销孩子的账号。',
    phone: '家长手机号',
    sent: '验证码已发送',
    code: '验证码',
    signin: '登录家长页面',
    phoneInvalid: '请输入正确的手机号',
    codeInvalid: '请输入 6 位验证码',
    opening: '正在打开家长页面…',
    retry: '重试',
    signedIn: '已登录 {phone}',
    signout: '退出',
    signedOut: '已退出家长页面',
    expired: '家长页面的登录已过期（30 分钟），请重新获取验证码登录',
    none: '这个手机号下没有需要您管理的孩子账号。',
    consent: { given: '已同意', withdrawn: '已撤回同意', outdated: '规则已更新，待重新同意' },
    since: '注册于 {date}',
    birth: '出生年月 {year}年{month}月',
    dataTitle: '孩子在 Habor 的数据',
    reading: '阅读记录',
    readingCount: '{n} 条',
    readingMinutes: '共 {n} 分钟',
    cards: '贺卡',
    cardsCount: '{n} 张',
    reports: '年度报告',
    reportsCount: '{n} 份',
    recordings: '录音',
    recordingsCount: '{n} 段',
    recordingsSeconds: '共 {n} 秒',
    cardsShared: '其中 {n} 张公开',
    reportsShared: '其中 {n} 份公开',
    last: '最近 {date}',
    nothing: '暂无',
    years: '{years} 年',
    recent: '最近读的书',
    recentItem: '{date} · {minutes} 分钟',
    exportTitle: '下载',
    download: '下载全部数据（JSON）',
    recording: '下载录音 {n}',
    manageTitle: '管理',
    withdraw: '撤回同意',
    withdrawTitle: '撤回同意？',
    withdrawBody: '撤回后孩子不能再公开分享，已公开的贺卡和报告会变为仅自己可见。',
    withdrawn: '已撤回同意',
    remove: '注销孩子的账号',
    removeTitle: '注销孩子的账号？',
    removeBody: '孩子的资料、作品、贺卡、录音文件和报告将被删除，无法恢复。',
    removed: '账号已注销',
    cancel: '取消',
    failed: '操作没有成功，请重新登录后再试',
  },
  () => import('./Guardian.en'),
)

type Child = GuardianSignin['children'][number]
type Texts = (typeof TEXTS)['zh']

/** The sign-in kept in this tab: the token, when it ends, and the number it was sent to (masked). */
interface Kept {
  token: string
  expiresAt: number
  phone: string
}
const KEPT = 'guardian'
const isKept = (d: unknown): d is Kept => {
  const k = d as Partial<Kept> | null
  return typeof k?.token === 'string' && typeof k.expiresAt === 'number' && typeof k.phone === 'string'
}
const masked = (phone: string): string => {
  const bare = phone.replace(/^\+86/, '')
  return `${bare.slice(0, 3)}****${bare.slice(-4)}`
}

/** A refusal of a guardian's call, in words; `expired` when it says the sign-in ended. */
class GuardianCallError extends Error {
  constructor(
    message: string,
    readonly expired: boolean,
  ) {
    super(message)
  }
}

/** A call with the guardian's token; the export answers its JSON file, every other call an envelope. */
async function guardianFetch(lang: Lang, token: string, path: string, method: 'GET' | 'POST'): Promise<Response> {
  let res: Response
  try {
    res = await fetch(`${apiBase()}${path}`, { method, headers: { [GUARDIAN_TOKEN_HEADER]: token } })
  } catch {
    throw new GuardianCallError(refusalText(lang, 0, null), false)
  }
  const body = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.clone().json().catch(() => null)) as { code?: unknown; exportedFor?: unknown } | null) : null
  if (res.ok && body && (body.exportedFor !== undefined || body.code === 0)) return res
  if (res.ok && !body) return res
  throw new GuardianCallError(refusalText(lang, res.status, body), res.status === 401)
}

/** One kind of the child's data: its count, and what more there is to say (minutes, shared, the latest date). */
function Tile({ label, count, lines }: { label: string; count: string; lines: string[] }) {
  return (
    <li className="guardian__tile">
      <span className="guardian__tile-label">{label}</span>
      <strong className="guardian__tile-count">{count}</strong>
      {lines.map((line) => (
        <span key={line} className="guardian__tile-line">
          {line}
        </span>
      ))}
    </li>
  )
}

/** The child's data in words and figures: what the export holds, readable on a phone. */
function Summary({ lang, t, child }: { lang: Lang; t: Texts; child: Child }) {
  const s = child.summary
  // One form of date on the page: the day, with its year only when it is not this year's.
  const day = (ms: number) => formatWhen(lang, ms, { time: false })
  const last = (ms: number | null) => (ms === null ? [] : [fill(t.last, { date: day(ms) })])
  const n = (text: string, count: number) => (count === 0 ? t.nothing : fill(text, { n: formatNumber(lang, count) }))
  return (
    <section className="guardian__section" aria-label={t.dataTitle}>
      <h3 className="guardian__subtitle">{t.dataTitle}</h3>
      <ul className="guardian__tiles">
        <Tile label={t.reading} count={n(t.readingCount, s.reading.count)} lines={[...(s.reading.count ? [fill(t.readingMinutes, { n: formatNumber(lang, s.reading.minutes) })] : []), ...last(s.reading.last)]} />
        <Tile label={t.cards} count={n(t.cardsCount, s.cards.count)} lines={[...(s.cards.shared ? [fill(t.cardsShared, { n: s.cards.shared })] : []), ...last(s.cards.last)]} />
        <Tile label={t.reports} count={n(t.reportsCount, s.reports.count)} lines={[...(s.reports.years.length ? [fill(t.years, { years: s.reports.years.join('、') })] : []), ...(s.reports.shared ? [fill(t.reportsShared, { n: s.reports.shared })] : [])]} />
        <Tile label={t.recordings} count={n(t.recordingsCount, s.recordings.count)} lines={[...(s.recordings.count ? [fill(t.recordingsSeconds, { n: s.recordings.seconds })] : []), ...last(s.recordings.last)]} />
      </ul>
      {s.reading.recent.length ? (
        <div className="guardian__recent">
          <h4 className="guardian__recent-title">{t.recent}</h4>
          <ul className="guardian__recent-list">
            {s.reading.recent.map((r) => (
              <li key={`${r.at}-${r.book}`}>
                <span className="guardian__book">《{r.book}》</span>
                <span className="guardian__tile-line">{fill(t.recentItem, { date: day(r.at), minutes: r.minutes })}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

export default function Guardian({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [kept, setKept] = useState<Kept | null>(() => {
    const k = tabRead(KEPT, isKept)
    return k && k.expiresAt > Date.now() ? k : null
  })
  const [children, setChildren] = useState<Child[] | null>(null)
  // A failed load that is not an ended sign-in (no network) keeps the sign-in and offers to try again.
  const [loadFailed, setLoadFailed] = useState('')
  const [recordings, setRecordings] = useState<Record<string, string[]>>({})
  // The child whose profile is being corrected (one form open at a time).
  const [correcting, setCorrecting] = useState<string | null>(null)

  const form = useGuardianCode(lang, t, (e) => (e instanceof GuardianCallError ? e.message : guardianRefusal(lang, e)))
  const { attempt, setError } = form

  /** Forgets the sign-in in this tab; `why` is said on the sign-in form. */
  const forget = useCallback(
    (why: string) => {
      tabRemove(KEPT)
      setKept(null)
      setChildren(null)
      setLoadFailed('')
      setRecordings({})
      setCorrecting(null)
      setError(why)
    },
    [setError],
  )

  /** Runs a call of the signed-in page; an ended sign-in sends the parent back to the code form. */
  const guarded = (work: (token: string) => Promise<void>) =>
    void attempt(async () => {
      if (!kept) return
      try {
        await work(kept.token)
      } catch (e) {
        if (e instanceof GuardianCallError && e.expired) return forget(t.expired)
        throw e
      }
    })

  // The children of the kept sign-in (after a reload, and after a change).
  const load = useCallback(
    async (token: string) => {
      const res = await guardianFetch(lang, token, GUARDIAN_CHILDREN_PATH, 'GET')
      const data = ((await res.json()) as { data: GuardianChildren }).data
      setChildren(data.children)
    },
    [lang],
  )
  useEffect(() => {
    if (!kept || children || loadFailed) return
    load(kept.token).catch((e: unknown) => (e instanceof GuardianCallError && e.expired ? forget(t.expired) : setLoadFailed(e instanceof Error ? e.message : String(e))))
  }, [kept, children, loadFailed, load, forget, t.expired])

  // The sign-in ends on its own after 30 minutes: the page says so then, not at the next tap.
  useEffect(() => {
    if (!kept) return
    const timer = setTimeout(() => forget(t.expired), Math.max(0, kept.expiresAt - Date.now()))
    return () => clearTimeout(timer)
  }, [kept, forget, t.expired])

  const sendCode = () => form.send((phone) => call(GUARDIAN.guardianSigninCode, { body: { phone } }))

  const signin = (event: FormEvent) => {
    event.preventDefault()
    if (!form.check()) return
    void attempt(async () => {
      const r = await call(GUARDIAN.guardianSignin, { body: { phone: form.fullPhone(), code: form.code } })
      const next = { token: r.token, expiresAt: Date.now() + r.expiresIn * 1000, phone: masked(form.fullPhone()) }
      tabWrite(KEPT, next)
      setKept(next)
      setChildren(r.children)
      form.setCode('')
    })
  }

  const signout = () => {
    const token = kept?.token
    forget('')
    showToast(t.signedOut, { icon: 'success' })
    // The server forgets the token too; the page does not wait for it.
    if (token) void guardianFetch(lang, token, GUARDIAN_SIGNOUT_PATH, 'POST').catch(() => undefined)
  }

  const childPath = (id: string, tail = '') => `${GUARDIAN_CHILDREN_PATH}/${encodeURIComponent(id)}${tail}`

  const download = (child: Child) =>
    guarded(async (token) => {
      const res = await guardianFetch(lang, token, childPath(child.id), 'GET')
      const text = await res.text()
      const data = JSON.parse(text) as { recordings?: { id: string }[] }
      setRecordings((r) => ({ ...r, [child.id]: (data.recordings ?? []).map((x) => x.id) }))
      saveBlob(new Blob([text], { type: 'application/json' }), `habor-${child.name || child.id}.json`)
    })

  const downloadRecording = (child: Child, audioId: string) =>
    guarded(async (token) => {
      const res = await guardianFetch(lang, token, childPath(child.id, `/recordings/${encodeURIComponent(audioId)}`), 'GET')
      saveBlob(await res.blob(), audioId)
    })

  const act = (child: Child, what: 'withdraw' | 'delete') =>
    guarded(async (token) => {
      // The confirm button names the act, so a parent reading only the button knows what it does.
      const sure = await showModal({ title: what === 'withdraw' ? t.withdrawTitle : t.removeTitle, content: what === 'withdraw' ? t.withdrawBody : t.removeBody, confirmText: what === 'withdraw' ? t.withdraw : t.remove, cancelText: t.cancel })
      if (!sure.confirm) return
      await guardianFetch(lang, token, childPath(child.id, `/${what}`), 'POST')
      showToast(what === 'withdraw' ? t.withdrawn : t.removed, { icon: 'success' })
      setChildren((list) => list && (what === 'delete' ? list.filter((c) => c.id !== child.id) : list.map((c) => (c.id === child.id ? { ...c, consent: 'withdrawn' as const } : c))))
    })

  const alert = <GuardianFormError text={form.error} />

  return (
    <PageScaffold page={page}>
      <div className="guardian-form guardian">
        {!kept ? (
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
            <div className="guardian__bar">
              <span className="guardian__who">{fill(t.signedIn, { phone: kept.phone })}</span>
              <Button size="s" variant="secondary" onClick={signout}>
                {t.signout}
              </Button>
            </div>
            {alert}
            {!children && loadFailed ? (
              <div className="guardian__retry">
                <GuardianFormError text={loadFailed} />
                <Button block variant="secondary" onClick={() => setLoadFailed('')}>
                  {t.retry}
                </Button>
              </div>
            ) : !children ? (
              <p className="guardian-form__lead" role="status">
                {t.opening}
              </p>
            ) : children.length === 0 ? (
              <p className="guardian-form__lead">{t.none}</p>
            ) : null}
            {(children ?? []).map((child) => (
              <section key={child.id} className={`${CARD} guardian-form__card guardian__child`} aria-label={child.name}>
                <header className="guardian__head">
                  <h2 className="guardian-form__name">{child.name}</h2>
                  <span className={`guardian__badge guardian__badge--${child.consent}`}>{t.consent[child.consent]}</span>
                  <p className="guardian__meta">
                    <span>{fill(t.since, { date: formatWhen(lang, child.summary.since, { time: false }) })}</span>
                    {child.summary.birth ? <span>{fill(t.birth, { year: child.summary.birth.year, month: child.summary.birth.month })}</span> : null}
                  </p>
                </header>
                <Summary lang={lang} t={t} child={child} />
                <section className="guardian__section" aria-label={t.exportTitle}>
                  <Button block variant="secondary" onClick={() => download(child)}>
                    {t.download}
                  </Button>
                  {(recordings[child.id] ?? []).map((audioId, i) => (
                    <Button key={audioId} block variant="plain" onClick={() => downloadRecording(child, audioId)}>
                      {fill(t.recording, { n: i + 1 })}
                    </Button>
                  ))}
                </section>
                <section className="guardian__section" aria-label={t.manageTitle}>
                  <h3 className="guardian__subtitle">{t.manageTitle}</h3>
                  {correcting === child.id && kept ? (
                    <ProfileForm
                      lang={lang}
                      token={kept.token}
                      childId={child.id}
                      onClose={() => setCorrecting(null)}
                      onSaved={() => {
                        setCorrecting(null)
                        // The name and the birth as the server now holds them.
                        guarded(load)
                      }}
                    />
                  ) : (
                    <Button block variant="secondary" onClick={() => (setError(''), setCorrecting(child.id))}>
                      {PROFILE_TEXTS(lang).open}
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
              </section>
            ))}
          </>
        )}
      </div>
    </PageScaffold>
  )
}
