/**
 * Settings' notifications (docs/notifications.md): the honest state of this device's system notifications
 * (on / not available here / blocked in the browser / off, turned on from here by the student's tap), and
 * which kinds the student wants as system notifications — kept on the server for every device. The
 * in-app inbox lists every kind whatever the switches say.
 */
import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { CALLS } from '../../contract/calls'
import { PUSH_KINDS, type PushKind, type PushSettings } from '../../contract/push'
import { useOnline } from '../../hooks/useOnline'
import { useReach } from '../../hooks/useReach'
import { useResource } from '../../hooks/useResource'
import { COPY, isPushSettings } from '../../lib/offline/pages'
import { SeenAt } from '../../ui/SeenAt/SeenAt'
import { call } from '../../lib/http'
import { useAuth } from '../../state/auth'
import { push } from '../../state/navigation'
import { enablePush, pushDevice, pushSupport } from '../../state/push'
import { Button } from '../../ui/Button/Button'
import { showToast } from '../../ui/Overlay/overlay'
import { defineTexts } from '../../i18n/texts'
import { useTexts } from '../../hooks/useTexts'

const TEXTS = defineTexts(
  {
    title: '通知',
    device: '本机系统通知',
    on: '已开启',
    off: '未开启',
    notHere: '此设备不可用',
    blocked: '已被浏览器阻止',
    notHereHint: '这个网络或设备上收不到系统通知（例如手机连不上浏览器的推送服务）。App 里的通知照常送达，打开 App 就能看到。',
    inbox: '所有通知',
    inboxHint: '下面的开关只管系统通知；App 里的通知列表总会显示每一条。',
    retry: '重试',
    enable: '开启通知',
    denied: '浏览器已拒绝通知，可在网站设置里重新允许',
    ios: '添加到主屏幕后，从主屏幕打开 Habor 才能收到通知',
    unsupported: '这个浏览器不能接收通知',
    kinds: { task: '老师布置的任务', friend: '好友接受我的邀请', card: '有人打开我的贺卡' } satisfies Record<PushKind, string>,
    failed: '没有保存成功，请稍后再试',
    enableFailed: '暂时没能开启通知，请稍后再试',
    loading: '正在读取…',
    offline: '离线中：这是上次看到的设置，连上网络后才能更改',
    offlineNever: '离线中：连上网络后才能查看和更改通知设置',
    // Behind a Wi-Fi sign-in page the bar above says why: these say only what it means here.
    cutOff: '这是上次看到的设置，连上网络后才能更改',
    cutOffNever: '连上网络后才能查看和更改通知设置',
  },
  () => import('./NotificationSettings.en'),
)

export function NotificationSettings() {
  const t = useTexts(TEXTS)
  const auth = useAuth()
  const [state] = useResource(() => call(CALLS.pushSettings, {}), 'push-settings', { remember: COPY.pushSettings, check: isPushSettings })
  // Offline (or cut off), the settings shown are the last known ones and cannot change: nothing is tried,
  // so nothing can be said to have failed (docs/offline.md).
  const online = useOnline()
  const reach = useReach()
  const unreachable = !online || reach !== 'ok' || state.kind === 'offline' || (state.kind === 'ready' && state.seenAt !== undefined)
  // One explanation per screen: when the bar names the Wi-Fi's sign-in page, these do not say 离线中 too.
  const barSaysWhy = online && reach !== 'ok'
  const [chosen, setChosen] = useState<Partial<PushSettings>>({})
  const [enabling, setEnabling] = useState(false)
  const device = useSnapshot(pushDevice)
  const support = pushSupport()
  const permission = support === 'ready' ? Notification.permission : 'default'
  const blocked = !auth.pushClientId && support === 'ready' && permission === 'denied'
  const notHere = !auth.pushClientId && !blocked && (support !== 'ready' || device.unavailable)
  const stateText = auth.pushClientId ? t.on : blocked ? t.blocked : notHere ? t.notHere : t.off
  const settings = state.kind === 'ready' ? { ...state.data, ...chosen } : null

  const toggle = async (kind: PushKind, on: boolean) => {
    setChosen((c) => ({ ...c, [kind]: on }))
    try {
      const saved = await call(CALLS.pushSettingsSave, { body: { [kind]: on } })
      setChosen((c) => ({ ...c, [kind]: saved[kind] }))
    } catch {
      setChosen((c) => ({ ...c, [kind]: !on }))
      showToast(t.failed)
    }
  }

  const enable = async () => {
    setEnabling(true)
    try {
      const r = await enablePush()
      if (r === 'denied' || r === 'unsupported') showToast(r === 'denied' ? t.denied : t.unsupported)
    } catch {
      showToast(t.enableFailed)
    } finally {
      setEnabling(false)
    }
  }

  return (
    <section className="settings__group" aria-labelledby="settings-push">
      <h2 id="settings-push" className="settings__title">
        {t.title}
      </h2>
      <button type="button" className="settings__row settings__link" onClick={() => push('/notifications')}>
        <span>{t.inbox}</span>
        <span aria-hidden="true">›</span>
      </button>
      <div className="settings__row">
        <span>{t.device}</span>
        <span className="settings__push-state">
          <span className="settings__value" data-testid="push-state">
            {stateText}
          </span>
          {!auth.pushClientId && support === 'ready' && !blocked ? (
            <Button size="s" busy={enabling} onClick={() => void enable()}>
              {notHere ? t.retry : t.enable}
            </Button>
          ) : null}
        </span>
      </div>
      {notHere || blocked ? <p className="settings__hint">{support === 'ios-home-screen' ? t.ios : blocked ? t.denied : support === 'unsupported' ? t.unsupported : t.notHereHint}</p> : null}
      <p className="settings__hint">{t.inboxHint}</p>
      {settings && unreachable ? (
        <>
          {state.kind === 'ready' && state.seenAt !== undefined ? <SeenAt at={state.seenAt} /> : null}
          <p className="settings__hint" role="status">
            {barSaysWhy ? t.cutOff : t.offline}
          </p>
        </>
      ) : null}
      {settings ? (
        PUSH_KINDS.map((kind) => (
          <label key={kind} className="settings__row settings__switch">
            <span>{t.kinds[kind]}</span>
            <input type="checkbox" role="switch" checked={settings[kind]} disabled={unreachable} onChange={(e) => void toggle(kind, e.currentTarget.checked)} />
          </label>
        ))
      ) : (
        <p className="settings__hint" aria-live="polite">
          {state.kind === 'loading' ? t.loading : state.kind === 'offline' ? (barSaysWhy ? t.cutOffNever : t.offlineNever) : t.failed}
        </p>
      )}
    </section>
  )
}
