/**
 * Inside WeChat only: the JS-SDK share card (title, text, picture) for "send to chat" and "moments". The
 * page imports this lazily when the user agent is WeChat's, so nobody else downloads it or the SDK.
 * https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/JS-SDK.html
 */
import { call } from '../../lib/http'
import { API } from '../../contract/api'

const SDK = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js'

interface ShareData {
  title: string
  desc?: string
  link: string
  imgUrl: string
}

interface Wx {
  config(c: { debug: boolean; appId: string; timestamp: number; nonceStr: string; signature: string; jsApiList: string[] }): void
  ready(fn: () => void): void
  error(fn: (e: unknown) => void): void
  updateAppMessageShareData(d: ShareData): void
  updateTimelineShareData(d: Omit<ShareData, 'desc'>): void
}

declare global {
  interface Window {
    wx?: Wx
  }
}

let sdk: Promise<Wx> | undefined

function loadSdk(): Promise<Wx> {
  sdk ??= new Promise<Wx>((resolve, reject) => {
    if (window.wx) return resolve(window.wx)
    const script = document.createElement('script')
    script.src = SDK
    script.async = true
    script.onload = () => (window.wx ? resolve(window.wx) : reject(new Error('WeChat JS-SDK missing')))
    script.onerror = () => {
      sdk = undefined
      reject(new Error('WeChat JS-SDK did not load'))
    }
    document.head.appendChild(script)
  })
  return sdk
}

/** Signs this page's URL on the server, configures the SDK and sets the share card. Failures only lose the card. */
export async function setWechatShareCard(card: ShareData): Promise<void> {
  const [wx, config] = await Promise.all([loadSdk(), call(API.weixinJsInit, { body: { url: location.href.split('#')[0] ?? location.href }, loading: false })])
  wx.config({ debug: false, ...config, jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'] })
  wx.ready(() => {
    wx.updateAppMessageShareData(card)
    wx.updateTimelineShareData({ title: card.title, link: card.link, imgUrl: card.imgUrl })
  })
}
