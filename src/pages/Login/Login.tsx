/**
 * Login: password and SMS-code tabs, the agreement check, single sign-on through the OAuth redirect, and
 * WX-MP sign-in when a mini-programme web-view opens it with `?wxcode=`. The first screen is prerendered;
 * the sign-in flows and the HTTP client load only when the user acts. The inputs have no `name`, so a
 * submit before hydration (a plain GET of the form) can never put a password into the URL. What the page
 * takes over and where its values come from are its hooks: the prerendered page (usePrestart), the way
 * back to the form (useLoginValues), an invitation (useInvitation), the return from single sign-on or
 * WeChat (useOauthReturn), and why the last session ended (useSignedOutNotice).
 */
import { useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react'
import { APP_CONFIG } from '../../../manifest/app'
import type { PageProps } from '../../../manifest/pages'
import { CODE } from '../../contract/codes'
import { isRecord } from '../../contract/guards'
import { chooseLang } from '../../state/lang'
import { push, replace } from '../../state/navigation'
import { signInChecks } from '../../lib/auth/checks'
import { formTexts } from '../../i18n/formTexts'
import { fill } from '../../i18n/fill'
import { handPhone } from '../../state/handoff'
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
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { loginTexts } from './texts'
import { useInvitation } from './useInvitation'
import { useLoginValues, type Tab } from './useLoginValues'
import { useOauthReturn } from './useOauthReturn'
import { usePrestart } from './usePrestart'
import { useSignedOutNotice } from './useSignedOutNotice'
import './Login.css'
import { useTexts } from '../../hooks/useTexts'

type Field = 'phone' | 'password' | 'code'

/** In-app links: a full page load would be a launch, and reset the SMS countdown. */
const inApp = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
  event.preventDefault()
  push(to)
}

const isUserMissing = (e: unknown) => isRecord(e) && e.code === CODE.USER_NOT_FOUND

export default function Login({ page, query }: PageProps) {
  const lang = useLang()
  const t = useTexts(loginTexts)
  const f = useTexts(formTexts)
  const { values, set, fill: fillIn, keep, ready } = useLoginValues(Boolean(query.invite))
  const { tab, phone, password, code, agreed } = values
  const form = useFormErrors<Field>(lang)
  const [agreeError, setAgreeError] = useState(false)
  const [working, setWorking] = useState<'' | 'login' | 'oauth'>('')
  const search = new URLSearchParams(query).toString()
  const [signedOut, acted] = useSignedOutNotice()

  const fail = async (e: unknown) => {
    // 200004 after a login that stored a session means the account has no profile yet, which Improve
    // completes; without a session it is only a refusal, shown here with what was typed kept.
    if (isUserMissing(e) && sessionState.phase !== 'signedOut') {
      replace('/improve')
      return
    }
    await form.fail(e)
  }
  const { returning, wechat } = useOauthReturn(query, { fail, setFormError: form.setFormError, wxFailed: t.wxFailed })
  const sms = useSmsCode({ phone, scene: 'login', form, busy: working !== '' || returning, fail, onSent: () => document.getElementById('login-code')?.focus() })
  // Sending a code counts as busy too: the other buttons wait for it, as they wait for each other.
  const busy = sms.sending ? 'sms' : returning ? 'return' : working
  // The page names who invited and opens on the SMS tab (useLoginValues); the password tab is one tap away
  // for students the same links (the 2023 report's join) bring who have one.
  const invitation = useInvitation(query.invite)

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

  usePrestart({
    fill: fillIn,
    tap: (tap) => {
      if (tap === 'login') void submit()
      else if (tap === 'sms') void sms.send()
      else if (tap === 'sso') void oauth()
    },
    adopt: (early) => {
      if (early.sms) sms.adopt(early.sms)
      if (early.login) void settleWork('login', early.login)
      if (early.sso) void settleWork('oauth', early.sso)
    },
  })

  /** Reading the agreement is part of filling the form: what was typed waits for the way back. */
  const toAgreement = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    keep()
    inApp(to)(event)
  }
  /** So is finding the password: the form waits the same way, and Forget starts with the typed phone. */
  const toForget = (event: MouseEvent<HTMLAnchorElement>) => {
    handPhone(phone)
    toAgreement('/forget')(event)
  }

  const switchTab = (next: Tab) => {
    set('tab')(next)
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
            {wechat ? t.wxReturning : t.oauthReturning}
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
              {t[signedOut]}
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
                onChange={form.change('phone', set('phone'))}
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
                  onChange={form.change('password', set('password'))}
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
                  onChange={form.change('code', set('code'))}
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
                    set('agreed')(e.currentTarget.checked)
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
