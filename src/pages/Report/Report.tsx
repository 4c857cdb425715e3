/**
 * Report (public, `?id=`): the year in review as story slides. The owner sees every slide with the share
 * settings (shareable on/off, which slides others see), a share link and "save as image"; anyone else
 * sees a shared report's visible slides, or "not available". Offline, a report seen before opens from
 * the service worker's cache; otherwise the tap-to-retry screen shows.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { push } from '../../state/navigation'
import { CODE } from '../../contract'
import { CALLS } from '../../contract/calls'
import { reportPagePath, type OwnerReport, type PublicReport, type ReportUpdateBody, type SlideKind } from '../../contract/report'
import { useResource } from '../../hooks/useResource'
import { useOutboxItems } from '../../hooks/useOutboxItems'
import * as outbox from '../../lib/outbox/outbox'
import { call, isRequestError, isUnreachable } from '../../lib/http'
import { useLang } from '../../state/app'
import { isLoggedIn } from '../../state/auth'
import { Button } from '../../ui/Button/Button'
import { showModal } from '../../ui/Modal/modal'
import { showToast } from '../../ui/Overlay/overlay'
import { PendingWrite } from '../../ui/PendingWrite/PendingWrite'
import { shareLink } from '../../ui/ShareBar/share'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { ReportSlideCard } from '../../ui/StorySlides/ReportSlideCard'
import { aboutThem, dwellMs, SLIDE_NAMES, slideSentence, slideText } from '../../ui/StorySlides/reportSlide'
import { StorySlides, type Story } from '../../ui/StorySlides/StorySlides'
import './Report.css'

const TEXTS = {
  'zh-Hans': {
    region: '年度报告',
    prev: '上一页',
    next: '下一页',
    pause: '暂停自动翻页',
    play: '自动翻页',
    brand: 'Habor · 阅读世界，表达自我',
    hiddenBadge: '已对别人隐藏',
    hideThis: '对别人隐藏这一页',
    showThis: '对别人显示这一页',
    settings: '分享设置',
    shareable: '有链接的人可以查看',
    shareableOn: '已公开：有链接的人能看到下面勾选的页面',
    shareableOff: '仅自己可见：别人打开链接会看到“无法查看”',
    visibleSlides: '别人能看到的页面',
    link: '报告链接',
    share: '分享报告',
    saveImage: '保存这一页为图片',
    saving: '正在生成图片…',
    saved: '图片已保存',
    saveFailed: '图片生成失败，请重试',
    regenerate: '更新报告',
    history: '我的报告',
    makeShareableTitle: '公开这份报告？',
    makeShareableBody: '公开后，有链接的人可以看到你没有隐藏的页面。你可以随时改回仅自己可见。',
    makeShareableOk: '公开并分享',
    shareTitle: '我的 2023 阅读年度报告',
    shareText: '来看看我 2023 年的阅读故事：',
    updateFailed: '设置没有保存，请重试',
    pending: '待同步：设置已保存在这台设备上，连上网络后会自动同步',
    pendingRefused: '设置没有同步成功：{why}',
    resend: '重新同步',
    discard: '放弃这次修改',
    missingTitle: '暂时看不到这份报告',
    missing: '它可能不存在，或者主人还没有公开。',
    loadFailed: '报告加载失败',
    retry: '重试',
    ownTitle: '想看看你自己的 2023 吗？',
    ownLead: '用你这一年的阅读记录，生成一份只属于你的年度报告。',
    makeOwn: '生成我的年度报告',
    position: (i: number, n: number) => `第 ${i + 1} 页，共 ${n} 页`,
  },
  en: {
    region: 'Year in review',
    prev: 'Previous slide',
    next: 'Next slide',
    pause: 'Pause auto-advance',
    play: 'Auto-advance',
    brand: 'Habor · Read the world, express yourself',
    hiddenBadge: 'Hidden from others',
    hideThis: 'Hide this slide from others',
    showThis: 'Show this slide to others',
    settings: 'Sharing',
    shareable: 'Anyone with the link can view',
    shareableOn: 'Shared: people with the link see the slides ticked below',
    shareableOff: 'Only you: others opening the link see "not available"',
    visibleSlides: 'Slides others can see',
    link: 'Report link',
    share: 'Share report',
    saveImage: 'Save this slide as an image',
    saving: 'Making the picture…',
    saved: 'Picture saved',
    saveFailed: 'Could not make the picture. Please try again',
    regenerate: 'Refresh report',
    history: 'My reports',
    makeShareableTitle: 'Share this report?',
    makeShareableBody: 'People with the link will see the slides you have not hidden. You can make it private again at any time.',
    makeShareableOk: 'Share it',
    shareTitle: 'My 2023 year in reading',
    shareText: 'Here is my 2023 in reading: ',
    updateFailed: 'The setting was not saved. Please try again',
    pending: 'Waiting to send: the settings are kept on this device and will be sent once you are online',
    pendingRefused: 'The settings were not sent: {why}',
    resend: 'Send again',
    discard: 'Drop this change',
    missingTitle: 'This report is not available',
    missing: 'It may not exist, or its owner has not shared it.',
    loadFailed: 'Could not load the report',
    retry: 'Retry',
    ownTitle: 'Curious about your own 2023?',
    ownLead: 'Turn your year of reading into a report of your own.',
    makeOwn: 'Create my year in review',
    position: (i: number, n: number) => `Slide ${i + 1} of ${n}`,
  },
}
type Texts = (typeof TEXTS)['zh-Hans']
type Lang = keyof typeof TEXTS

type Loaded = { kind: 'owner'; report: OwnerReport } | { kind: 'public'; report: PublicReport }

/** Mine (live, never cached) when I am logged in and it is mine; else the public view. */
async function loadReport(id: string): Promise<Loaded> {
  if (isLoggedIn()) {
    try {
      return { kind: 'owner', report: await call(CALLS.report, { params: { id } }) }
    } catch (e) {
      // Not mine, or no network: a shared report (perhaps cached) may still be there.
      if (!isRequestError(e) || (e.code !== CODE.DATA_EMPTY && !isUnreachable(e))) throw e
    }
  }
  return { kind: 'public', report: await call(CALLS.publicReport, { params: { id } }) }
}

const linkOf = (id: string): string => `${location.origin}${reportPagePath(id)}`

/** The slides' words: to the owner, or (`them`) about the owner for anyone else. */
const wordsOf = (slide: PublicReport['slides'][number], lang: Lang, them: boolean) => (them ? aboutThem(slideText(slide, lang), lang) : slideText(slide, lang))

function useStories(report: PublicReport, t: Texts, lang: Lang, hidden: readonly SlideKind[], them = false): Story[] {
  return useMemo(
    () =>
      report.slides.map((s) => {
        const text = wordsOf(s, lang, them)
        return {
          key: s.kind,
          label: slideSentence(text),
          dwellMs: dwellMs(text),
          content: <ReportSlideCard text={text} brand={t.brand} badge={hidden.includes(s.kind) ? t.hiddenBadge : undefined} />,
        }
      }),
    [report, t, lang, hidden, them],
  )
}

async function saveImage(report: PublicReport, index: number, t: Texts, lang: Lang, them = false): Promise<void> {
  const slide = report.slides[index]
  if (!slide) return
  try {
    const { slidePng, saveBlob } = await import('../../ui/StorySlides/drawSlide')
    const png = await slidePng(wordsOf(slide, lang, them), t.brand)
    saveBlob(png, `habor-${report.year}-${index + 1}-${slide.kind}.png`)
    showToast(t.saved, { icon: 'success' })
  } catch {
    showToast(t.saveFailed)
  }
}

function OwnerView({ initial, t, lang }: { initial: OwnerReport; t: Texts; lang: Lang }) {
  const [report, setReport] = useState(initial)
  const [index, setIndex] = useState(0)
  const [busy, setBusy] = useState(false)
  const stories = useStories(report, t, lang, report.hidden)
  const current = report.slides[index]?.kind

  // A change made offline waits in the outbox: shown at once, marked 待同步, and replaced by the server's
  // answer once it lands.
  const reportId = initial.id
  const pending = useOutboxItems().find((i) => i.payload.kind === 'report' && i.payload.reportId === reportId) ?? null
  useEffect(() => {
    if (pending?.payload.kind !== 'report') return
    const body = pending.payload.body
    setReport((r) => ({ ...r, ...body }))
  }, [pending])
  useEffect(
    () =>
      outbox.onLanded((item, result) => {
        if (item.payload.kind === 'report' && item.payload.reportId === reportId) setReport(result as OwnerReport)
      }),
    [reportId],
  )

  // Only the newest change's answer is applied, so quick taps cannot undo each other.
  const latest = useRef(0)
  const change = async (body: ReportUpdateBody): Promise<OwnerReport | null> => {
    const before = report
    const n = ++latest.current
    // Shown at once; put back if the server says no.
    const shown = { ...report, ...body }
    setReport(shown)
    try {
      const answer = await outbox.sendOrQueue({ kind: 'report', reportId: report.id, body, key: outbox.newKey() })
      if ('queued' in answer) return shown
      const next = answer.sent as OwnerReport
      if (n === latest.current) setReport(next)
      return next
    } catch {
      if (n === latest.current) setReport(before)
      showToast(t.updateFailed)
      return null
    }
  }
  const toggleHidden = (kind: SlideKind) => void change({ hidden: report.hidden.includes(kind) ? report.hidden.filter((k) => k !== kind) : [...report.hidden, kind] })

  const share = async () => {
    let shared = report
    if (!report.shareable) {
      const answer = await showModal({ title: t.makeShareableTitle, content: t.makeShareableBody, confirmText: t.makeShareableOk })
      if (!answer.confirm) return
      const next = await change({ shareable: true })
      if (!next) return
      shared = next
    }
    const url = linkOf(shared.id)
    await shareLink({ title: t.shareTitle, text: t.shareText, url, copy: `${t.shareText}${url}` }, lang)
  }

  const onIndexChange = useCallback((i: number) => setIndex(i), [])
  const hiddenNow = current ? report.hidden.includes(current) : false
  return (
    <div className="report">
      <div className="report__stage">
        <StorySlides
          stories={stories}
          texts={t}
          onIndexChange={onIndexChange}
          extra={
            current ? (
              <button type="button" className="story__button report__eye" aria-pressed={hiddenNow} aria-label={t.hideThis} onClick={() => toggleHidden(current)}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
                  <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
                  {hiddenNow ? <path d="M4 20L20 4" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /> : null}
                </svg>
              </button>
            ) : null
          }
        />
      </div>

      <div className="report__actions">
        <Button block onClick={() => void share()}>
          {t.share}
        </Button>
        <Button
          variant="secondary"
          block
          busy={busy}
          onClick={() => {
            setBusy(true)
            void saveImage(report, index, t, lang, true).finally(() => setBusy(false))
          }}
        >
          {t.saveImage}
        </Button>
      </div>

      <section className="report__panel" aria-labelledby="report-settings">
        <h2 id="report-settings" className="report__panel-title">
          {t.settings}
        </h2>
        <PendingWrite
          item={pending}
          className="report__pending"
          texts={{ pending: t.pending, refused: t.pendingRefused, resend: t.resend, discard: t.discard }}
          onDiscarded={() => setReport(initial)}
        />

        <label className="report__switch">
          <span className="report__switch-text">
            <span className="report__switch-label">{t.shareable}</span>
            <span className="report__switch-note">{report.shareable ? t.shareableOn : t.shareableOff}</span>
          </span>
          <input type="checkbox" role="switch" checked={report.shareable} onChange={(e) => void change({ shareable: e.target.checked })} />
          <span className="report__switch-track" aria-hidden="true" />
        </label>
        {report.shareable ? (
          <label className="report__link">
            <span>{t.link}</span>
            <input readOnly value={linkOf(report.id)} onFocus={(e) => e.target.select()} />
          </label>
        ) : null}
        <fieldset className="report__slides">
          <legend>{t.visibleSlides}</legend>
          {report.slides.map((s, i) => (
            <label key={s.kind} className="report__slide-option">
              <input type="checkbox" checked={!report.hidden.includes(s.kind)} onChange={() => toggleHidden(s.kind)} />
              <span>
                {i + 1}. {SLIDE_NAMES[s.kind][lang]}
              </span>
            </label>
          ))}
        </fieldset>
      </section>

      <div className="report__links">
        <Button variant="plain" onClick={() => push('/2023/create')}>
          {t.regenerate}
        </Button>
        <Button variant="plain" onClick={() => push('/2023/history')}>
          {t.history}
        </Button>
      </div>
    </div>
  )
}

function JoinCall({ t, inviteCode }: { t: Texts; inviteCode: string | null }) {
  return (
    <section className="report__own" aria-labelledby="report-own">
      <h2 id="report-own">{t.ownTitle}</h2>
      <p>{t.ownLead}</p>
      <Button block onClick={() => push(inviteCode ? `/2023/join?invite=${encodeURIComponent(inviteCode)}` : '/2023/join')}>
        {t.makeOwn}
      </Button>
    </section>
  )
}

function PublicView({ report, t, lang }: { report: PublicReport; t: Texts; lang: Lang }) {
  const [index, setIndex] = useState(0)
  const [busy, setBusy] = useState(false)
  // Someone else's report: its words speak about its owner.
  const stories = useStories(report, t, lang, [], true)
  const onIndexChange = useCallback((i: number) => setIndex(i), [])
  return (
    <div className="report">
      <div className="report__stage">
        <StorySlides stories={stories} texts={t} onIndexChange={onIndexChange} />
      </div>
      <div className="report__actions">
        <Button
          variant="secondary"
          block
          busy={busy}
          onClick={() => {
            setBusy(true)
            void saveImage(report, index, t, lang, true).finally(() => setBusy(false))
          }}
        >
          {t.saveImage}
        </Button>
      </div>
      <JoinCall t={t} inviteCode={report.inviteCode} />
    </div>
  )
}

function Missing({ t, failed, onRetry }: { t: Texts; failed?: string; onRetry?: () => void }) {
  return (
    <div className="report">
      <div className="report__missing" role="status">
        <svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true">
          <rect x="22" y="12" width="52" height="72" rx="10" fill="var(--c-primary-soft)" stroke="var(--c-primary)" strokeWidth="3" />
          <path d="M36 34h24M36 46h24M36 58h14" stroke="var(--c-primary)" strokeWidth="3" strokeLinecap="round" />
          <circle cx="70" cy="70" r="14" fill="var(--c-surface)" stroke="var(--c-accent)" strokeWidth="3" />
          <path d="M64 70h12" stroke="var(--c-accent)" strokeWidth="3" strokeLinecap="round" />
        </svg>
        <h2>{failed ? t.loadFailed : t.missingTitle}</h2>
        <p>{failed ?? t.missing}</p>
        {onRetry ? (
          <Button variant="secondary" size="s" onClick={onRetry}>
            {t.retry}
          </Button>
        ) : null}
      </div>
      <JoinCall t={t} inviteCode={null} />
    </div>
  )
}

function ReportById({ id, t, lang }: { id: string; t: Texts; lang: Lang }) {
  const [state, retry] = useResource(() => loadReport(id), id)
  if (state.kind === 'offline') return <RetryScreen onRetry={retry} />
  if (state.kind === 'loading') {
    return (
      <div className="report" aria-busy="true">
        <div className="report__stage">
          <div className="report__skeleton" />
        </div>
      </div>
    )
  }
  if (state.kind === 'failed') return <Missing t={t} failed={state.message} onRetry={retry} />
  if (state.kind === 'empty' || state.data.report.slides.length === 0) return <Missing t={t} />
  return state.data.kind === 'owner' ? <OwnerView initial={state.data.report} t={t} lang={lang} /> : <PublicView report={state.data.report} t={t} lang={lang} />
}

export default function Report({ page, query }: PageProps) {
  const lang = useLang()
  const t = TEXTS[lang]
  const id = query.id ?? ''
  return <PageScaffold page={page}>{id ? <ReportById key={id} id={id} t={t} lang={lang} /> : <Missing t={t} />}</PageScaffold>
}
