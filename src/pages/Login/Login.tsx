/**
 * Login: password and SMS-code tabs, the agreement check, single sign-on through the OAuth redirect, and
 * WX-MP sign-in when a mini-programme web-view opens it with `?wxcode=`. The first screen is prerendered;
 * the sign-in flows and the HTTP client load only when the user acts. The inputs have no `name`, so a
 * submit before hydration (a plain GET of the form) can never put a password into the URL.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { APP_CONFIG } from '../../../manifest/app'
import type { PageProps } from '../../../manifest/pages'
import { chooseLang } from '../../state/lang'
import { setSignedOutReason, signedOutReason, type SignedOutReason } from '../../state/signedOut'
import { push, replace } from '../../state/navigation'
import { codeDigits, phoneDigits, signInChecks } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import { fill } from '../../i18n/format'
import { handPhone, takeHandedPhone } from '../../state/handoff'
import type { InviteVerdict } from '../../lib/invite/check'
import { takePrestart } from '../../lib/device/prestart'
import { isUnreachable } from '../../lib/http/errors'
import { read } from '../../lib/storage'
import { useLang } from '../../state/app'
import { sessionState } from '../../state/session/machine'
import { FormError } from '../../ui/AuthForm/FormError'
import { loadFlows } from '../../ui/AuthForm/loadFlows'
import { SignInPhoneField } from '../../ui/AuthForm/SignInPhoneField'
import { SmsCodeField } from '../../ui/AuthForm/SmsCodeField'
import { useFormErrors } from '../../ui/AuthForm/useFormErrors'
import { useSmsCode } from '../../ui/AuthForm/useSmsCode'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { hideToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { takeEarly } from './early'
import { loginTexts } from './texts'
import './Login.css'

type Tab = 'password' | 'sms'
type Field = 'phone' | 'password' | 'code'

/** In-app links: a full page load would be a launch, and reset the SMS countdown. */
const inApp = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  push(to)
}
/**
 * What was typed when the student opened the agreement, the privacy policy or 忘记密码 from the form, kept
 * in memory only (never stored: it holds the password) for the way back, within half an hour.
 */
interface Kept {
  tab: Tab
  phone: string
  password: string
  code: string
  agreed: boolean
  at: number
}
const KEPT_FOR_MS = 30 * 60_000
let kept: Kept | null = null
/** A failed return from WeChat or the sign-in provider, for the Login that the flow's replace() mounts. */
let returnError: { error: unknown; wechat: boolean } | undefined

const isUserMissing = (e: unknown) => typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 200004

export default function Login({ page, query }: PageProps) {
  const lang = useLang()
  const t = loginTexts(lang)
  const f = formTexts(lang)
  const [tab, setTab] = useState<Tab>('password')
  const [phone, setPhone] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [agreed, setAgreed] = useState(false)
  const form = useFormErrors<Field>(lang)
  const [agreeError, setAgreeError] = useState(false)
  const [working, setWorking] = useState<'' | 'login' | 'oauth' | 'return'>('')
  const search = new URLSearchParams(query).toString()
  const started = useRef(false)

  const [ready, setReady] = useState(false)
  // Taken over from the prerendered page before the first paint of the app: what was typed, ticked and
  // chosen before the app started stays, and the taps held meanwhile are carried out once, below.
  const [held, setHeld] = useState<string[]>([])
  // Why the last session ended (a kick, an expiry): said here until the student's next action.
  const [signedOut, setSignedOut] = useState<SignedOutReason | null>(null)
  useLayoutEffect(() => {
    const reason = signedOutReason()
    if (reason) {
      setSignedOut(reason)
      // The same words as the toast: said once, where they stay.
      hideToast()
    }
    // An invitation says a new student registers with an SMS code: the page opens on that tab (what was
    // kept or chosen before the app started, below, comes first).
    if (query.invite) setTab('sms')
    const back = kept && Date.now() - kept.at < KEPT_FOR_MS ? kept : null
    kept = null
    if (back) {
      setTab(back.tab)
      setPhone(back.phone)
      setPassword(back.password)
      setCode(back.code)
      setAgreed(back.agreed)
    }
    // Back from Forget after a reset: its phone, and the old password is gone.
    const handed = takeHandedPhone()
    if (handed?.reset) {
      setPhone(handed.phone)
      setPassword('')
      setTab('password')
    }
    showReturnError()
    const pre = takePrestart()
    const typed = phoneDigits(pre.value('login-phone'))
    if (typed) setPhone(typed)
    const typedPassword = pre.value('login-password')
    if (typedPassword) setPassword(typedPassword)
    const typedCode = codeDigits(pre.value('login-code'))
    if (typedCode) setCode(typedCode)
    if (pre.checked('login-agree')) setAgreed(true)
    if (pre.selected('login-tab-sms')) setTab('sms')
    if (pre.taps.length) setHeld(pre.taps)
    // What the app's logic carried out before this page started: busy until it ends, then its outcome.
    const early = takeEarly()
    if (early.sms) sms.adopt(early.sms)
    if (early.login) void settleWork('login', early.login)
    if (early.sso) void settleWork('oauth', early.sso)
    // Once, as the page is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // Read after hydration so the prerendered HTML and the first client render agree.
  useEffect(() => {
    const last = read('lastPhone')
    if (last) setPhone((p) => p || last)
    setReady(true)
  }, [])

  const fail = async (e: unknown) => {
    // 200004 after a login that stored a session means the account has no profile yet, which Improve
    // completes; without a session it is only a refusal, shown here with what was typed kept.
    if (isUserMissing(e) && sessionState.phase !== 'signedOut') {
      replace('/improve')
      return
    }
    await form.fail(e)
  }
  // WeChat's refusals mean nothing to a student: say what to do instead (a network failure says so itself).
  const showReturnError = () => {
    const r = returnError
    if (!r) return
    returnError = undefined
    const offline = isUnreachable(r.error)
    if (r.wechat && !offline) form.setFormError(t.wxFailed)
    else void fail(r.error)
  }
  // Shown by whichever Login the replace() leaves on screen: this one, re-rendered, or a new one (above).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(showReturnError, [search])
  const sms = useSmsCode({ phone, scene: 'login', form, busy: working !== '', fail, onSent: () => document.getElementById('login-code')?.focus() })
  // Sending a code counts as busy too: the other buttons wait for it, as they wait for each other.
  const busy = sms.sending ? 'sms' : working

  // An invitation link (/login?invite=CODE): keep the code for the profile step of a registration.
  // The page names who invited and says a new student registers with an SMS code, and opens on that tab;
  // the password tab is one tap away for students the same links (the 2023 report's join) bring who have one.
  const inviteCode = query.invite
  const [invitation, setInvitation] = useState<Extract<InviteVerdict, { known: true }> | null>(null)
  useEffect(() => {
    if (!inviteCode) return
    void import('../../lib/storage/drafts').then(({ saveDraft }) => saveDraft('improve.invite', inviteCode.trim().toUpperCase()))
    let live = true
    void import('../../lib/invite/check')
      .then(({ checkInvite }) => checkInvite(inviteCode))
      .then((v) => {
        if (!live || !v?.known) return
        setInvitation(v)
      })
    return () => {
      live = false
    }
  }, [inviteCode])

  // Back from the OAuth provider (?code&state) or opened by a mini-programme web-view (?wxcode=).
  const { code: oauthCode, state: oauthState, wxcode } = query
  useEffect(() => {
    if (started.current || !((oauthCode && oauthState) || wxcode)) return
    started.current = true
    setWorking('return')
    void (async () => {
      const flows = await loadFlows()
      try {
        const signed = wxcode ? await flows.loginWxMp(wxcode) : await flows.loginOauth({ code: oauthCode ?? '', state: oauthState ?? '', redirectUri: flows.oauthRedirectUri() })
        if (typeof signed.result === 'string' && signed.next === 'stay') form.setFormError(signed.result)
        await flows.go(signed.next)
      } catch (e) {
        // The URL loses its one-time code; the page may mount afresh for it, so the error is handed over.
        returnError = { error: e, wechat: Boolean(wxcode) }
        replace('/login')
      } finally {
        setWorking('')
      }
    })()
    // The query is read once: the flow replaces the URL itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (!held.length) return
    setHeld([])
    for (const tap of held) {
      if (tap === 'login') void submit()
      else if (tap === 'sms') void sms.send()
      else if (tap === 'sso') void oauth()
    }
    // Runs once per batch of held taps, with the values they were made with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [held])

  /** Reading the agreement is part of filling the form: what was typed waits for the way back. */
  const toAgreement = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    kept = { tab, phone, password, code, agreed, at: Date.now() }
    inApp(to)(event)
  }
  /** So is finding the password: the form waits the same way, and Forget starts with the typed phone. */
  const toForget = (event: MouseEvent<HTMLAnchorElement>) => {
    handPhone(phone)
    toAgreement('/forget')(event)
  }

  /**
   * Shows a sign-in under way as busy until it ends, and why when it fails. Single sign-on that succeeds
   * leaves the page, so its button stays busy.
   */
  const settleWork = async (kind: 'login' | 'oauth', work: Promise<void>) => {
    setWorking(kind)
    try {
      await work
      if (kind === 'login') setWorking('')
    } catch (e) {
      await fail(e)
      setWorking('')
    }
  }

  const checkAgreement = (): boolean => {
    if (agreed) return true
    setAgreeError(true)
    return false
  }

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (busy) return
    const bad = form.check(signInChecks(tab, phone, tab === 'password' ? password : code))
    if (bad) {
      document.getElementById(`login-${Object.keys(bad)[0]}`)?.focus()
      return
    }
    if (!checkAgreement()) return
    await settleWork(
      'login',
      loadFlows().then((flows) => flows.signInAndGo(tab, phone, tab === 'password' ? password : code, search)),
    )
  }

  const oauth = async () => {
    if (busy || !checkAgreement()) return
    form.setFormError('')
    await settleWork(
      'oauth',
      loadFlows().then((flows) => flows.startOauth()),
    )
  }

  const switchTab = (next: Tab) => {
    setTab(next)
    form.setErrors({})
    form.setFormError('')
  }
  const tabKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      const next = tab === 'password' ? 'sms' : 'password'
      switchTab(next)
      document.getElementById(`login-tab-${next}`)?.focus()
    }
  }
  const returning = busy === 'return'
  /** The next action on the page answers the sign-out notice. */
  const acted = () => {
    if (!signedOut) return
    setSignedOut(null)
    setSignedOutReason(null)
  }

  return (
    <PageScaffold page={page} bare>
      <section
        className="login"
        onInputCapture={acted}
        onClickCapture={(e) => {
          if ((e.target as Element).closest('button, a, input, label')) acted()
        }}
      >
        <header className="login__brand">
          <svg className="login__logo" viewBox="0 0 48 48" width="64" height="64" aria-hidden="true">
            <rect width="48" height="48" rx="12" fill="var(--c-primary)" />
            <path d="M11 15c5-2 9-1 13 2v19c-4-3-8-4-13-2z" fill="#fff" />
            <path d="M37 15c-5-2-9-1-13 2v19c4-3 8-4 13-2z" fill="var(--c-accent)" />
          </svg>
          <h1 className="login__title">{APP_CONFIG.productTitle}</h1>
          <p className="login__tagline">{APP_CONFIG.tagline[lang]}</p>
        </header>

        {returning ? (
          <p className="login__returning" role="status">
            <span className="login__spinner" aria-hidden="true" />
            {wxcode ? t.wxReturning : t.oauthReturning}
          </p>
        ) : null}

        {invitation ? (
          <div className="login__invite" role="note">
            <p className="login__invite-who">{invitation.inviterName ? fill(t.invitedBy, { name: invitation.inviterName }) : t.invited}</p>
            {invitation.org?.name ? <p className="login__invite-org">{fill(t.invitedOrg, { org: invitation.org.name })}</p> : null}
            <p className="login__invite-how">{t.invitedHow}</p>
          </div>
        ) : null}

        <div className="login__card">
          {signedOut ? (
            <p className="login__notice" role="status">
              {signedOut === 'kicked' ? t.kicked : t.expired}
            </p>
          ) : null}
          <div className="login__tabs" role="tablist" aria-label={t.tabs}>
            {(['password', 'sms'] as const).map((k) => (
              <button
                key={k}
                id={`login-tab-${k}`}
                type="button"
                role="tab"
                aria-selected={tab === k}
                aria-controls="login-panel"
                tabIndex={tab === k ? 0 : -1}
                className="login__tab"
                data-prestart={`tab:${k}`}
                onClick={() => switchTab(k)}
                onKeyDown={tabKey}
              >
                {k === 'password' ? t.tabPassword : t.tabSms}
              </button>
            ))}
          </div>

          {/* ARIA does not allow a form to be a tabpanel: the panel is a wrapper around it. */}
          <div id="login-panel" role="tabpanel" aria-labelledby={`login-tab-${tab}`}>
            <form className="login__form" onSubmit={submit} noValidate data-ready={ready || undefined}>
              <SignInPhoneField
                id="login-phone"
                value={phone}
                onChange={form.change('phone', setPhone)}
                error={form.message('phone')}
              />
              {/* Both panels are in the prerendered page, so a tab chosen before the app starts shows at once. */}
              <div data-prestart-panel="password" hidden={tab !== 'password'}>
                <TextField
                  id="login-password"
                  type="password"
                  label={f.password}
                  placeholder={f.passwordPlaceholder}
                  autoComplete="current-password"
                  value={password}
                  onChange={form.change('password', setPassword)}
                  error={form.message('password')}
                />
              </div>
              <div data-prestart-panel="sms" hidden={tab !== 'sms'}>
                <SmsCodeField
                  id="login-code"
                  sms={sms}
                  sendClassName="login__send"
                  sendPrestart="sms"
                  value={code}
                  onChange={form.change('code', setCode)}
                  error={form.message('code')}
                  hint={t.smsHint}
                />
              </div>

              <div className={`login__agree${agreeError && !agreed ? ' login__agree--error' : ''}`}>
                <input
                  id="login-agree"
                  type="checkbox"
                  checked={agreed}
                  aria-describedby={agreeError && !agreed ? 'login-agree-error' : undefined}
                  onChange={(e) => {
                    setAgreed(e.currentTarget.checked)
                    if (e.currentTarget.checked) setAgreeError(false)
                  }}
                />
                <label htmlFor="login-agree">
                  {t.agreePrefix}
                  <a href="/agreement" onClick={toAgreement('/agreement')}>
                    {t.agreement}
                  </a>
                  {t.and}
                  <a href="/agreement?section=privacy" onClick={toAgreement('/agreement?section=privacy')}>
                    {t.privacy}
                  </a>
                </label>
              </div>
              {agreeError && !agreed ? (
                <p id="login-agree-error" className="login__error" role="alert">
                  {t.agreeRequired}
                </p>
              ) : null}
              <FormError text={form.formError} className="login__error login__error--form" />

              <Button type="submit" block busy={busy === 'login'} disabled={busy !== '' && busy !== 'login'} data-prestart="login">
                {busy === 'login' ? t.submitting : t.submit}
              </Button>
              <div className="login__links">
                <a href="/forget" className="login__link" onClick={toForget}>
                  {t.forgot}
                </a>
              </div>
            </form>
          </div>
        </div>

        <div className="login__other">
          <p className="login__or">
            <span>{t.or}</span>
          </p>
          <Button variant="secondary" block busy={busy === 'oauth'} disabled={busy !== '' && busy !== 'oauth'} onClick={() => void oauth()} data-prestart="sso">
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
              <path d="M8.5 12l2.5 2.5 4.5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {busy === 'oauth' ? t.oauthBusy : t.oauth}
          </Button>
          {/* The other language, named in itself, so a student who cannot read this one finds it; at the
              foot of the page, where no notice (they show near the top) can lie over it. */}
          <button type="button" className="login__lang" lang={lang === 'zh-Hans' ? 'en' : 'zh-Hans'} onClick={() => void chooseLang(lang === 'zh-Hans' ? 'en' : 'zh-Hans')}>
            {lang === 'zh-Hans' ? 'English' : '中文'}
          </button>
        </div>
      </section>
    </PageScaffold>
  )
}
