/**
 * Settings (login): language, cache size and clearing the cache, changing the password, and deleting
 * the account (/logout/cancel) after a confirmation that names what goes and the password or an SMS code.
 */
import { useEffect, useState } from 'react'
import { APP_CONFIG } from '../../../manifest/app'
import type { PageProps } from '../../../manifest/pages'
import { chooseLang } from '../../state/lang'
import { push } from '../../state/navigation'
import { formatBytes } from '../../lib/device/device'
import type { StorageValue } from '../../lib/storage'
import { setCacheSize, useApp, useLang } from '../../state/app'
import { useAuth } from '../../state/auth'
import { endSession } from '../../state/session/machine'
import { Button } from '../../ui/Button/Button'
import { showModal } from '../../ui/Modal/modal'
import { showToast } from '../../ui/Overlay/overlay'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { cacheSize, clearCache } from './cache'
import { ConfirmDelete } from './ConfirmDelete'
import { NotificationSettings } from './NotificationSettings'
import './Settings.css'
import { fill } from '../../i18n/format'
import { confirmLogout } from '../../ui/Logout/confirmLogout'
import { maskPhone } from '../../contract/phone'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

type Lang = StorageValue<'lang'>

const TEXTS = defineTexts(
  {
    language: '语言',
    storage: '存储',
    cache: '缓存大小',
    measuring: '计算中…',
    none: '0 B',
    clear: '清除缓存',
    clearConfirm: '将清除已缓存的内容、图片和草稿，登录状态会保留。确定清除吗？',
    cleared: '缓存已清除',
    account: '账号与安全',
    password: '修改密码',
    passwordHint: '修改后其他设备需要重新登录',
    passwordNew: '设置密码',
    passwordNewHint: '设置后可以用手机号和密码登录',
    delete: '注销账号',
    deleteHint: '删除后无法恢复',
    deleteTitle: '注销账号',
    deleteConfirm: '将永久删除：个人资料（{name}、年级、班级）、机构成员身份、你的邀请码、第三方登录绑定、手机号 {phone} 与密码；你的母亲节贺卡将不再对任何人显示。所有设备都会退出登录，手机号可以重新注册。此操作无法撤销。',
    deleteAction: '确认注销',
    deleted: '账号已注销',
    version: '版本 {v}',
    about: '关于',
    agreement: '用户协议',
    privacy: '隐私政策',
    logout: '退出登录',
    logoutConfirm: '确定要退出登录吗？',
  },
  () => import('./Settings.en'),
)

const LANGS: { value: Lang; label: string }[] = [
  { value: 'zh-Hans', label: '简体中文' },
  { value: 'en', label: 'English' },
]


export default function Settings({ page }: PageProps) {
  const lang = useLang()
  const t = useTexts(TEXTS)
  const app = useApp()
  const auth = useAuth()
  const [measured, setMeasured] = useState(false)
  const [clearing, setClearing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  // The tapped language shows as chosen at once, while its catalogue may still be loading.
  const [picking, setPicking] = useState<Lang | null>(null)
  const pickLang = (next: Lang) => {
    setPicking(next)
    void chooseLang(next).finally(() => setPicking(null))
  }

  const measure = async () => {
    setCacheSize(await cacheSize())
    setMeasured(true)
  }
  useEffect(() => {
    void measure()
  }, [])

  const clear = async () => {
    const answer = await showModal({ content: t.clearConfirm, confirmText: t.clear })
    if (!answer.confirm) return
    setClearing(true)
    try {
      await clearCache()
      await measure()
      showToast(t.cleared, { icon: 'success' })
    } finally {
      setClearing(false)
    }
  }

  const remove = async () => {
    const user = auth.userInfo
    const name = typeof user?.name === 'string' ? user.name : ''
    const phone = typeof user?.phone === 'string' ? maskPhone(user.phone) : ''
    const answer = await showModal({ title: t.deleteTitle, content: fill(t.deleteConfirm, { name, phone }), confirmText: t.deleteAction })
    if (answer.confirm) setConfirming(true)
  }

  const logout = async () => {
    if (!(await confirmLogout(lang, { content: t.logoutConfirm, confirmText: t.logout }))) return
    const flows = await import('../../state/session/flows')
    await flows.logout()
  }

  const deleted = async () => {
    // The server has ended every session: forget this one without another call, then go to Login.
    endSession()
    const flows = await import('../../state/session/flows')
    await flows.logout()
    showToast(t.deleted, { icon: 'success' })
  }

  return (
    <PageScaffold page={page}>
      <div className="settings">
        <section className="settings__group" aria-labelledby="settings-lang">
          <h2 id="settings-lang" className="settings__title">
            {t.language}
          </h2>
          <div className="settings__langs" role="radiogroup" aria-labelledby="settings-lang">
            {LANGS.map((l) => (
              <label key={l.value} className="settings__lang" lang={l.value}>
                <input type="radio" name="lang" value={l.value} checked={(picking ?? lang) === l.value} onChange={() => pickLang(l.value)} />
                <span>{l.label}</span>
              </label>
            ))}
          </div>
        </section>

        <NotificationSettings />

        <section className="settings__group" aria-labelledby="settings-storage">
          <h2 id="settings-storage" className="settings__title">
            {t.storage}
          </h2>
          <div className="settings__row">
            <span>{t.cache}</span>
            <span className="settings__value" data-testid="cache-size" aria-live="polite">
              {measured ? formatBytes(app.cacheSize) || t.none : t.measuring}
            </span>
          </div>
          <Button variant="secondary" block busy={clearing} onClick={() => void clear()}>
            {t.clear}
          </Button>
        </section>

        <section className="settings__group" aria-labelledby="settings-account">
          <h2 id="settings-account" className="settings__title">
            {t.account}
          </h2>
          <button type="button" className="settings__link" onClick={() => push('/password')}>
            {/* An account without a password sets one: 修改 would promise an old one to change. */}
            <span>
              {auth.userInfo?.isPassword === false ? t.passwordNew : t.password}
              <small>{auth.userInfo?.isPassword === false ? t.passwordNewHint : t.passwordHint}</small>
            </span>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          {confirming ? (
            <ConfirmDelete
              hasPassword={auth.userInfo?.isPassword === true}
              phone={typeof auth.userInfo?.phone === 'string' ? auth.userInfo.phone : null}
              maskedPhone={typeof auth.userInfo?.phone === 'string' ? maskPhone(auth.userInfo.phone) : ''}
              onDeleted={deleted}
              onCancel={() => setConfirming(false)}
            />
          ) : (
            // A quiet red text button: the way out of the app is not its most prominent control.
            <Button variant="plain" block className="settings__delete" onClick={() => void remove()}>
              {t.delete}
            </Button>
          )}
          <p className="settings__hint">{t.deleteHint}</p>
        </section>

        <section className="settings__group" aria-labelledby="settings-about">
          <h2 id="settings-about" className="settings__title">
            {t.about}
          </h2>
          {[
            { label: t.agreement, to: '/agreement' },
            { label: t.privacy, to: '/agreement?section=privacy' },
          ].map((link) => (
            <button key={link.to} type="button" className="settings__link" onClick={() => push(link.to)}>
              <span>{link.label}</span>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          ))}
          <p className="settings__version">{t.version.replace('{v}', APP_CONFIG.version)}</p>
        </section>

        <Button variant="secondary" block onClick={() => void logout()}>
          {t.logout}
        </Button>
      </div>
    </PageScaffold>
  )
}
