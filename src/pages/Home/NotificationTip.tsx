/**
 * The notification tip (docs/notifications.md): from the student's second start on, until closed for good
 * or notifications are on. Permission is asked only from its own button. On iOS Safari outside a
 * home-screen app, where web push cannot work, it explains how to add the app to the home screen instead.
 * A push service that does not answer within PUSH_SUBSCRIBE_TIMEOUT_MS (Chrome in mainland China) ends
 * the wait with a message that in-app notifications still arrive.
 */
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { appState } from '../../state/app'
import { dismissTip, enablePush, pushSupport } from '../../state/push'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    title: '开启通知',
    text: '老师布置任务、好友接受邀请、有人打开你的贺卡时，第一时间告诉你。',
    ios: '想在 iPhone 上收到通知？点 Safari 的分享按钮，选“添加到主屏幕”，再从主屏幕打开 Habor。',
    enable: '开启通知',
    close: '关闭通知提示',
    denied: '通知没有开启。以后想开启，可以在浏览器的网站设置里允许通知。',
    failed: '暂时没能开启通知，请稍后在设置里再试',
    on: '通知已开启',
    unavailable: '这个网络或设备上收不到系统通知。不用担心，App 里的通知照常送达，打开 App 就能看到。',
  },
  () => import('./NotificationTip.en'),
)

export function NotificationTip() {
  const { notificationTip } = useSnapshot(appState)
  const t = useTexts(TEXTS)
  const [busy, setBusy] = useState(false)
  const [unavailable, setUnavailable] = useState(false)
  if (!notificationTip) return null
  const ios = pushSupport() === 'ios-home-screen'

  const enable = async () => {
    setBusy(true)
    try {
      const result = await enablePush()
      // Said in the tip itself, which stays until closed: too much for a toast, and worth reading.
      if (result === 'unavailable') setUnavailable(true)
      else showToast(result === 'subscribed' ? t.on : result === 'denied' ? t.denied : t.failed, result === 'subscribed' ? { icon: 'success' } : undefined)
    } catch {
      showToast(t.failed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <aside className="home__tip" aria-labelledby="home-tip-title">
      <svg className="home__tip-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path d="M6 16V11a6 6 0 0112 0v5l1.5 2h-15z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M10 20a2 2 0 004 0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <div className="home__tip-text">
        <h3 id="home-tip-title">{t.title}</h3>
        <p role={unavailable ? 'status' : undefined}>{ios ? t.ios : unavailable ? t.unavailable : t.text}</p>
      </div>
      {ios || unavailable ? null : (
        <Button size="s" busy={busy} onClick={() => void enable()}>
          {t.enable}
        </Button>
      )}
      <button type="button" className="home__tip-close" aria-label={t.close} onClick={dismissTip}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  )
}
