/**
 * Consent (login): the student's age and a guardian's consent (docs/privacy.md). Without a birth month
 * the page asks it (once; an older account is sent here at its next start). Under 14 without a consent,
 * it takes a guardian's number, sends the guardian a code, links the children's rules, and records the
 * consent when the guardian enters the code on this device.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { CHILDREN_RULES_VERSION, GUARDIAN, type GuardianStatus } from '../../contract/guardian'
import { barePhone, normalizePhone } from '../../contract/phone'
import { fill } from '../../i18n/format'
import { errorText } from '../../ui/AuthForm/errorText'
import { call } from '../../lib/http/client'
import { LIMITED_TEXTS } from '../../lib/guardian/limited'
import { useLang } from '../../state/app'
import { replace } from '../../state/navigation'
import { Button } from '../../ui/Button/Button'
import { TextField } from '../../ui/Field/TextField'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { Picker } from '../../ui/Picker/Picker'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import './Consent.css'

const TEXTS = {
  'zh-Hans': {
    loading: '加载中…',
    failed: '加载失败',
    birthLead: '为了保护未成年人的个人信息，请填写你的出生年月（只需年和月）。这个问题只问一次。',
    birth: '出生年月',
    choose: '请选择',
    birthRequired: '请选择出生年月',
    birthSave: '确定',
    consentLead: '你还未满 14 周岁。根据《个人信息保护法》，需要家长或其他监护人同意后，你才能公开分享贺卡和报告、上传录音，或出现在同学的邀请名单里。阅读不受影响。',
    guardianPhone: '家长手机号',
    guardianPlaceholder: '家长的 11 位手机号',
    sendCode: '获取验证码',
    resend: '{n} 秒后重发',
    sent: '验证码已发送到家长手机',
    code: '家长收到的验证码',
    rules: '儿童个人信息保护规则',
    rulesLead: '请家长先阅读',
    read: '家长已阅读并同意《儿童个人信息保护规则》',
    readRequired: '请家长阅读并勾选同意',
    phoneInvalid: '请输入正确的家长手机号',
    codeInvalid: '请输入 6 位验证码',
    confirm: '家长确认同意',
    given: '家长已同意（手机尾号 {tail}），你可以公开分享了。',
    notNeeded: '你已满 14 周岁，不需要家长同意。',
    home: '返回首页',
    consented: '家长已同意',
  },
  en: {
    loading: 'Loading…',
    failed: 'Could not load',
    birthLead: 'To protect young people’s personal information, please give your month and year of birth (no day). We ask this once.',
    birth: 'Month and year of birth',
    choose: 'Choose',
    birthRequired: 'Choose your month and year of birth',
    birthSave: 'Confirm',
    consentLead: 'You are under 14. Under China’s Personal Information Protection Law a parent or guardian must agree before you can share cards and reports publicly, upload recordings or appear in classmates’ invitation lists. Reading is not affected.',
    guardianPhone: 'Guardian’s mobile number',
    guardianPlaceholder: 'Your guardian’s 11-digit number',
    sendCode: 'Send code',
    resend: 'Resend in {n} s',
    sent: 'A code was sent to your guardian’s phone',
    code: 'Code your guardian received',
    rules: "Children's Personal Information Rules",
    rulesLead: 'For your guardian to read first',
    read: "My guardian has read and accepts the Children's Personal Information Rules",
    readRequired: 'Your guardian must read and tick this',
    phoneInvalid: 'Enter your guardian’s mobile number',
    codeInvalid: 'Enter the 6-digit code',
    confirm: 'Guardian agrees',
    given: 'Your guardian agreed (number ending {tail}). You can share now.',
    notNeeded: 'You are 14 or older: no guardian’s consent is needed.',
    home: 'Back to Home',
    consented: 'Your guardian agreed',
  },
}

const thisMonth = (): string => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

export default function Consent({ page }: PageProps) {
  const lang = useLang()
  const t = TEXTS[lang]
  const [status, setStatus] = useState<GuardianStatus | null>(null)
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    setFailed(false)
    call(GUARDIAN.guardianStatus, {}).then(setStatus, () => setFailed(true))
  }, [])
  useEffect(load, [load])

  const [birth, setBirth] = useState('')
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [read, setRead] = useState(false)
  const [wait, setWait] = useState(0)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  useEffect(() => {
    if (wait <= 0) return
    const timer = setTimeout(() => setWait((w) => w - 1), 1000)
    return () => clearTimeout(timer)
  }, [wait])

  const attempt = async (work: () => Promise<void>) => {
    if (busy) return
    setBusy(true)
    setError('')
    try {
      await work()
    } catch (e) {
      setError(errorText(lang, e))
    } finally {
      setBusy(false)
    }
  }

  const saveBirth = (event: FormEvent) => {
    event.preventDefault()
    const [y, m] = birth.split('-').map(Number)
    if (!y || !m) return setError(t.birthRequired)
    void attempt(async () => {
      const next = await call(GUARDIAN.guardianBirth, { body: { year: y, month: m } })
      setStatus(next)
      if (!next.limited) replace('/home')
    })
  }

  const sendCode = () => {
    if (!barePhone(phone)) return setError(t.phoneInvalid)
    void attempt(async () => {
      const sent = await call(GUARDIAN.guardianCode, { body: { guardianPhone: normalizePhone(phone) ?? phone } })
      setWait(sent.resendIn)
      showToast(t.sent, { icon: 'success' })
    })
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault()
    if (!barePhone(phone)) return setError(t.phoneInvalid)
    if (!/^\d{6}$/.test(code)) return setError(t.codeInvalid)
    if (!read) return setError(t.readRequired)
    void attempt(async () => {
      const next = await call(GUARDIAN.guardianConsent, { body: { guardianPhone: normalizePhone(phone) ?? phone, code, rulesVersion: CHILDREN_RULES_VERSION } })
      setStatus(next)
      showToast(t.consented, { icon: 'success' })
    })
  }

  return (
    <PageScaffold page={page}>
      <div className="consent">
        {failed ? (
          <RetryScreen onRetry={load} message={t.failed} />
        ) : !status ? (
          <p className="consent__lead" role="status">
            {t.loading}
          </p>
        ) : !status.birth ? (
          <form className="consent__card" onSubmit={saveBirth} aria-label={t.birth}>
            <p className="consent__lead">{t.birthLead}</p>
            <Picker mode="date" fields="month" label={t.birth} placeholder={t.choose} value={birth} start={`${new Date().getFullYear() - 100}-01`} end={thisMonth()} onChange={(v) => (setBirth(v), setError(''))} />
            {error ? (
              <p className="consent__error" role="alert">
                {error}
              </p>
            ) : null}
            <Button type="submit" block busy={busy}>
              {t.birthSave}
            </Button>
          </form>
        ) : status.limited === 'guardian-consent' ? (
          <form className="consent__card" onSubmit={confirm} aria-label={t.confirm}>
            <p className="consent__lead">{t.consentLead}</p>
            <TextField
              label={t.guardianPhone}
              placeholder={t.guardianPlaceholder}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              prefix="+86"
              value={phone}
              onChange={(v) => (setPhone(v), setError(''))}
              filter={(v) => v.replace(/\D/g, '')}
              action={
                <Button size="s" variant="secondary" disabled={wait > 0 || busy} onClick={sendCode}>
                  {wait > 0 ? fill(t.resend, { n: wait }) : t.sendCode}
                </Button>
              }
            />
            <p className="consent__rules">
              {t.rulesLead}：
              <a href="/agreement?section=children" className="consent__link">
                《{t.rules}》
              </a>
            </p>
            <TextField label={t.code} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(v) => (setCode(v), setError(''))} filter={(v) => v.replace(/\D/g, '')} />
            <label className="consent__check">
              <input type="checkbox" checked={read} onChange={(e) => (setRead(e.target.checked), setError(''))} />
              <span>{t.read}</span>
            </label>
            {error ? (
              <p className="consent__error" role="alert">
                {error}
              </p>
            ) : null}
            <Button type="submit" block busy={busy}>
              {t.confirm}
            </Button>
          </form>
        ) : (
          <div className="consent__card">
            <p className="consent__lead" role="status">
              {status.consent ? fill(t.given, { tail: status.consent.guardianPhoneTail }) : status.under14 ? LIMITED_TEXTS[lang]['guardian-consent'] : t.notNeeded}
            </p>
            <Button block onClick={() => replace('/home')}>
              {t.home}
            </Button>
          </div>
        )}
      </div>
    </PageScaffold>
  )
}
