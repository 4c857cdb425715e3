/**
 * Consent (login): the student's age and a guardian's consent (docs/privacy.md). Without a birth month
 * the page asks it (once; an older account is sent here at its next start). Under 14 without a consent,
 * it takes a guardian's number, sends the guardian a code, links the children's rules, and records the
 * consent when the guardian enters the code on this device. With a consent given, another guardian can
 * take over only with a code the current guardian receives (换一位家长), or after the current guardian
 * withdraws on the guardian's page (docs/privacy.md).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import type { PageProps } from '../../../manifest/pages'
import { CHILDREN_RULES_VERSION, GUARDIAN, type GuardianStatus } from '../../contract/guardian'
import { fill } from '../../i18n/format'
import { call } from '../../lib/http/client'
import { LIMITED_TEXTS } from '../../lib/guardian/limited'
import { useLang } from '../../state/app'
import { authState, setLimits } from '../../state/auth'
import { leaveConsent } from '../../state/session/flows'
import { Button } from '../../ui/Button/Button'
import { CARD } from '../../ui/Card/card'
import { GuardianCodeFields, GuardianFormError } from '../../ui/GuardianForm/GuardianCodeFields'
import { guardianRefusal } from '../../ui/GuardianForm/refusals'
import { useGuardianCode, type GuardianCode } from '../../ui/GuardianForm/useGuardianCode'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { Picker } from '../../ui/Picker/Picker'
import { RetryScreen } from '../../ui/RetryScreen/RetryScreen'
import { defineTexts, type TextsOf } from '../../i18n/texts'
import './Consent.css'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
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
    onward: '继续',
    consented: '家长已同意',
    change: '换一位家长',
    changeLead: '换一位家长需要原来的家长（手机尾号 {tail}）确认：请填写原来家长的手机号，他们会收到一条验证码。原来的家长也可以在家长页面撤回同意。',
    currentPhone: '原来家长的手机号',
    currentCode: '原来家长收到的验证码',
    newPhone: '新家长的手机号',
    newCode: '新家长收到的验证码',
    changeConfirm: '确认更换家长',
    changed: '已更换家长',
    cancel: '取消',
  },
  () => import('./Consent.en'),
)

const thisMonth = (): string => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

export default function Consent({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const [status, setShown] = useState<GuardianStatus | null>(null)
  // Every status the server answers here also updates the stored profile's limits (Home's banner).
  const setStatus = useCallback((s: GuardianStatus) => {
    setLimits(s)
    setShown(s)
  }, [])
  const [failed, setFailed] = useState(false)
  const load = useCallback(() => {
    setFailed(false)
    call(GUARDIAN.guardianStatus, {}).then(setStatus, () => setFailed(true))
  }, [setStatus])
  useEffect(load, [load])

  const [birth, setBirth] = useState('')
  const [read, setRead] = useState(false)
  // The guardian refusals say what to type instead (ui/GuardianForm/refusals.ts).
  const form = useGuardianCode(lang, t, (e) => guardianRefusal(lang, e))
  const { attempt, setError } = form

  const saveBirth = (event: FormEvent) => {
    event.preventDefault()
    const [y, m] = birth.split('-').map(Number)
    if (!y || !m) return setError(t.birthRequired)
    void attempt(async () => {
      const next = await call(GUARDIAN.guardianBirth, { body: { year: y, month: m } })
      setStatus(next)
      if (!next.limited) leaveConsent()
    })
  }

  const sendCode = () => form.send((guardianPhone) => call(GUARDIAN.guardianCode, { body: { guardianPhone } }))

  // 换一位家长: the current guardian's code confirms the new guardian's consent.
  const [changing, setChanging] = useState(false)
  const current = useGuardianCode(lang, t, (e) => guardianRefusal(lang, e))
  const sendCurrent = () => current.send((guardianPhone) => call(GUARDIAN.guardianCode, { body: { guardianPhone } }))
  const change = (event: FormEvent) => {
    event.preventDefault()
    if (!current.check() || !form.check()) return
    if (!read) return setError(t.readRequired)
    void form.attempt(async () => {
      const next = await call(GUARDIAN.guardianConsent, { body: { guardianPhone: form.fullPhone(), code: form.code, currentCode: current.code, rulesVersion: CHILDREN_RULES_VERSION } })
      setStatus(next)
      setChanging(false)
      showToast(t.changed, { icon: 'success' })
    })
  }

  const confirm = (event: FormEvent) => {
    event.preventDefault()
    if (!form.check()) return
    if (!read) return setError(t.readRequired)
    void attempt(async () => {
      const next = await call(GUARDIAN.guardianConsent, { body: { guardianPhone: form.fullPhone(), code: form.code, rulesVersion: CHILDREN_RULES_VERSION } })
      setStatus(next)
      showToast(t.consented, { icon: 'success' })
    })
  }

  // The guardian's number and code, the children's rules and the tick that they were read: the same for a
  // first consent and for a new guardian's.
  const consentFields = { form, onSend: sendCode, t, read, onRead: (v: boolean) => (setRead(v), setError('')) }

  return (
    <PageScaffold page={page}>
      <div className="guardian-form">
        {failed ? (
          <RetryScreen onRetry={load} message={t.failed} />
        ) : !status ? (
          <p className="guardian-form__lead" role="status">
            {t.loading}
          </p>
        ) : !status.birth ? (
          <form className={`${CARD} guardian-form__card`} onSubmit={saveBirth} aria-label={t.birth}>
            <p className="guardian-form__lead">{t.birthLead}</p>
            <Picker mode="date" fields="month" label={t.birth} placeholder={t.choose} value={birth} start={`${new Date().getFullYear() - 100}-01`} end={thisMonth()} onChange={(v) => (setBirth(v), setError(''))} />
            <GuardianFormError text={form.error} />
            <Button type="submit" block busy={form.busy}>
              {t.birthSave}
            </Button>
          </form>
        ) : status.limited === 'guardian-consent' ? (
          <form className={`${CARD} guardian-form__card`} onSubmit={confirm} aria-label={t.confirm}>
            <p className="guardian-form__lead">{t.consentLead}</p>
            <ConsentFields {...consentFields} phoneLabel={t.guardianPhone} phonePlaceholder={t.guardianPlaceholder} codeLabel={t.code} />
            <GuardianFormError text={form.error} />
            <Button type="submit" block busy={form.busy}>
              {t.confirm}
            </Button>
          </form>
        ) : changing && status.consent ? (
          <form className={`${CARD} guardian-form__card`} onSubmit={change} aria-label={t.change}>
            <p className="guardian-form__lead">{fill(t.changeLead, { tail: status.consent.guardianPhoneTail })}</p>
            <GuardianCodeFields form={current} phoneLabel={t.currentPhone} phoneAutoComplete="off" codeLabel={t.currentCode} onSend={sendCurrent} />
            <GuardianFormError text={current.error} />
            <ConsentFields {...consentFields} phoneLabel={t.newPhone} codeLabel={t.newCode} />
            <GuardianFormError text={form.error} />
            <Button type="submit" block busy={form.busy}>
              {t.changeConfirm}
            </Button>
            <Button block variant="secondary" onClick={() => setChanging(false)}>
              {t.cancel}
            </Button>
          </form>
        ) : (
          <div className={`${CARD} guardian-form__card`}>
            <p className="guardian-form__lead" role="status">
              {status.consent ? fill(t.given, { tail: status.consent.guardianPhoneTail }) : status.under14 ? LIMITED_TEXTS(lang)['guardian-consent'] : t.notNeeded}
            </p>
            <Button block onClick={leaveConsent}>
              {authState.pendingRoute ? t.onward : t.home}
            </Button>
            {status.consent ? (
              <Button block variant="secondary" onClick={() => (setError(''), setChanging(true))}>
                {t.change}
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </PageScaffold>
  )
}

function ConsentFields({ form, onSend, t, read, onRead, phoneLabel, phonePlaceholder, codeLabel }: { form: GuardianCode; onSend: () => void; t: TextsOf<typeof TEXTS>; read: boolean; onRead: (read: boolean) => void; phoneLabel: string; phonePlaceholder?: string; codeLabel: string }) {
  return (
    <>
      <GuardianCodeFields form={form} phoneLabel={phoneLabel} phonePlaceholder={phonePlaceholder} phoneAutoComplete="off" codeLabel={codeLabel} onSend={onSend}>
        <p className="guardian-form__lead">
          {t.rulesLead}：
          <a href="/agreement?section=children" className="consent__link">
            《{t.rules}》
          </a>
        </p>
      </GuardianCodeFields>
      <label className="consent__check">
        <input type="checkbox" checked={read} onChange={(e) => onRead(e.target.checked)} />
        <span>{t.read}</span>
      </label>
    </>
  )
}
