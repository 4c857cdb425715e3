/**
 * Download: where unknown routes land, and where a phone gets the app — the Android package (with a
 * progress bar), the stores, or installing this web app (beforeinstallprompt, or iOS's add-to-home-screen
 * steps). Inside WeChat, which cannot download, an overlay points to "open in browser".
 */
import { useState } from 'react'
import { APP_CONFIG } from '../../../manifest/app'
import type { DownloadInfo } from '../../contract/download'
import type { PageProps } from '../../../manifest/pages'
import { translate } from '../../i18n/i18n'
import { formatBytes, isWeChat, platformOf, type Platform } from '../../lib/device/device'
import { useLang } from '../../state/app'
import { usePwa, setInstalled } from '../../state/pwa'
import { Button } from '../../ui/Button/Button'
import { useHydrating } from '../../hooks/useHydrating'
import { useOnline } from '../../hooks/useOnline'
import { useResource } from '../../hooks/useResource'
import { PageScaffold } from '../../ui/PageScaffold/PageScaffold'
import { saveApk } from './saveApk'
import './Download.css'

type ApkState = { kind: 'idle' } | { kind: 'downloading'; percent: number } | { kind: 'done' } | { kind: 'failed' }

const PRERENDERED_DEVICE = { platform: 'desktop', wechat: false } as const

function useDevice(): { platform: Platform; wechat: boolean } {
  // The prerendered HTML is the desktop variant: a page being hydrated renders it, and the real device
  // right after (hooks/useHydrating.ts).
  if (useHydrating()) return PRERENDERED_DEVICE
  return { platform: platformOf({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints }), wechat: isWeChat(navigator.userAgent) }
}

const loadInfo = () => import('./downloadInfo').then(({ fetchDownloadInfo }) => fetchDownloadInfo())

function hasStoreAction(info: DownloadInfo, platform: Platform): boolean {
  if (platform === 'android') return Boolean(info.android.apk || info.android.storeUrl)
  if (platform === 'ios') return Boolean(info.ios.storeUrl)
  return false
}

function Logo() {
  return (
    <svg className="download__logo" viewBox="0 0 512 512" width="96" height="96" aria-hidden="true">
      <rect width="512" height="512" rx="112" fill="#0E7A5F" />
      <path d="M112 150c56-22 104-14 144 18v210c-40-30-88-38-144-18z" fill="#fff" />
      <path d="M400 150c-56-22-104-14-144 18v210c40-30 88-38 144-18z" fill="#f2a93b" />
      <path d="M256 168v210" stroke="#0a5f4a" strokeWidth="6" strokeLinecap="round" />
    </svg>
  )
}

export default function Download({ page }: PageProps) {
  const lang = useLang()
  const t = (key: Parameters<typeof translate>[1], vars?: Record<string, string | number>) => translate(lang, key, vars)
  const { platform, wechat } = useDevice()
  const [info, reload] = useResource(loadInfo, 'download')
  const online = useOnline()
  const [apk, setApk] = useState<ApkState>({ kind: 'idle' })
  const [wechatOpen, setWechatOpen] = useState(true)
  const pwa = usePwa()

  const apkInfo = info.kind === 'ready' ? info.data.android.apk : null
  const startApk = async () => {
    if (!apkInfo) return
    setApk({ kind: 'downloading', percent: 0 })
    try {
      await saveApk(apkInfo.url, (percent) => setApk({ kind: 'downloading', percent }))
      setApk({ kind: 'done' })
    } catch {
      setApk({ kind: 'failed' })
    }
  }

  const install = async () => {
    const prompt = pwa.installPrompt
    if (!prompt) return
    await prompt.prompt()
    const choice = await prompt.userChoice
    if (choice.outcome === 'accepted') setInstalled(true)
  }

  return (
    <PageScaffold page={page}>
      <section className="download">
        <Logo />
        <h2 className="download__name">{APP_CONFIG.productTitle}</h2>
        <p className="download__tagline">{APP_CONFIG.tagline[lang]}</p>
        <p className="download__features">
          {t('download.features')} · v{info.kind === 'ready' ? info.data.version : APP_CONFIG.version}
        </p>

        <div className="download__actions" aria-live="polite">
          {info.kind === 'loading' && <div className="download__skeleton" aria-hidden="true" />}
          {/* Offline the links cannot be had: the page says nothing of it and asks again once online. */}
          {info.kind === 'offline' && !online && <p className="download__lead">{t('download.lead')}</p>}
          {(info.kind === 'failed' || info.kind === 'empty' || (info.kind === 'offline' && online)) && (
            <div className="download__notice">
              <p>{info.kind === 'offline' ? t('app.timeout') : t('download.loadFailed')}</p>
              <Button variant="secondary" size="s" onClick={reload}>
                {t('app.retry')}
              </Button>
            </div>
          )}
          {info.kind === 'ready' && platform === 'android' && (
            <>
              {apkInfo && (
                <div className="download__apk">
                  <Button block onClick={() => void startApk()} busy={apk.kind === 'downloading'}>
                    {t('download.android')}
                  </Button>
                  <p className="download__meta">{t('download.size', { v: apkInfo.version, size: formatBytes(apkInfo.size) || '—' })}</p>
                  {apk.kind === 'downloading' && (
                    <div className="download__progress">
                      <progress max={100} value={apk.percent} aria-label={t('download.downloading', { p: apk.percent })} />
                      <span>{t('download.downloading', { p: apk.percent })}</span>
                    </div>
                  )}
                  {apk.kind === 'done' && <p className="download__ok">{t('download.downloaded')}</p>}
                  {apk.kind === 'failed' && <p className="download__error">{t('download.failed')}</p>}
                </div>
              )}
              {info.data.android.storeUrl && (
                <a className="download__link" href={info.data.android.storeUrl} rel="noopener">
                  {t('download.androidStore')}
                </a>
              )}
            </>
          )}
          {info.kind === 'ready' && platform === 'ios' && info.data.ios.storeUrl && (
            <a className="download__link download__link--primary" href={info.data.ios.storeUrl} rel="noopener">
              {t('download.ios')}
            </a>
          )}
          {info.kind === 'ready' && !hasStoreAction(info.data, platform) && <p className="download__lead">{t('download.lead')}</p>}
        </div>

        <section className="download__pwa" aria-labelledby="download-pwa-title">
          {/* Title and hint first and stable; what depends on the device comes last, so nothing moves. */}
          <h3 id="download-pwa-title" className="download__pwa-title">
            {pwa.installed ? t('download.installed') : t('download.installPwa')}
          </h3>
          <p className="download__pwa-text">{t('download.installHint')}</p>
          {!pwa.installed && pwa.installPrompt && (
            <Button variant="secondary" block onClick={() => void install()}>
              {t('download.installPwa')}
            </Button>
          )}
          {!pwa.installed && !pwa.installPrompt && platform === 'ios' && (
            <>
              <p className="download__pwa-text">{t('download.iosStepsTitle')}</p>
              <ol className="download__steps">
                <li>{t('download.iosStep1')}</li>
                <li>{t('download.iosStep2')}</li>
                <li>{t('download.iosStep3')}</li>
              </ol>
            </>
          )}
          {!pwa.installed && !pwa.installPrompt && platform === 'desktop' && <p className="download__pwa-text">{t('download.desktopHint')}</p>}
          {!pwa.installed && !pwa.installPrompt && platform === 'android' && <p className="download__pwa-text">{t('download.androidHint')}</p>}
        </section>
      </section>

      {wechat && wechatOpen && (
        <div className="download__wechat" role="dialog" aria-modal="true" aria-labelledby="download-wechat-title">
          <svg className="download__wechat-arrow" viewBox="0 0 80 80" width="80" height="80" aria-hidden="true">
            <path d="M10 70C30 60 50 40 62 14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeDasharray="2 8" />
            <path d="M50 16l13-4 3 13" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <h2 id="download-wechat-title">{t('download.wechatTitle')}</h2>
          <p>{t('download.wechatText')}</p>
          <Button variant="secondary" onClick={() => setWechatOpen(false)}>
            {t('download.wechatClose')}
          </Button>
        </div>
      )}
    </PageScaffold>
  )
}
