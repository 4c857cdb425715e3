/**
 * WeChat server APIs: jscode2session for mini-programme login, and the JS-SDK ticket + signature for
 * wx.config(). The base URL is configurable so tests (and proxies) can stand in for api.weixin.qq.com.
 */
import { createHash } from 'node:crypto'
import { CODE } from '../../src/contract'
import type { Clock } from '../clock'
import type { WechatOptions } from '../config'
import { ApiError } from '../errors'
import { randomToken } from './crypto'

interface WxError {
  errcode?: number
  errmsg?: string
}

/** Errors WeChat answers for a bad js_code (invalid, used, or too frequent). */
const BAD_CODE = new Set([40029, 40163, 45011])

export class Wechat {
  private token: { value: string; until: number } | null = null
  private ticket: { value: string; until: number } | null = null

  constructor(
    private readonly o: WechatOptions,
    private readonly clock: Clock,
  ) {}

  private creds(): { appId: string; secret: string } {
    if (!this.o.appId || !this.o.secret) throw new ApiError(CODE.SERVICE_ERROR, 'WeChat is not configured on this server (WECHAT_APPID, WECHAT_SECRET)')
    return { appId: this.o.appId, secret: this.o.secret }
  }

  private async get<T extends WxError>(path: string, query: Record<string, string>): Promise<T> {
    const url = new URL(path, this.o.apiBase.endsWith('/') ? this.o.apiBase : `${this.o.apiBase}/`)
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
    let res: Response
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    } catch {
      throw new ApiError(CODE.SERVICE_ERROR, 'WeChat is unreachable')
    }
    if (!res.ok) throw new ApiError(CODE.SERVICE_ERROR, `WeChat answered HTTP ${res.status}`)
    return (await res.json()) as T
  }

  /** js_code → openid (and unionid when the account is bound to an open platform). */
  async codeToSession(jsCode: string): Promise<{ openid: string; unionid?: string }> {
    const { appId, secret } = this.creds()
    const r = await this.get<WxError & { openid?: string; unionid?: string }>('sns/jscode2session', { appid: appId, secret, js_code: jsCode, grant_type: 'authorization_code' })
    if (r.errcode && BAD_CODE.has(r.errcode)) throw new ApiError(CODE.PARAM_INVALID, `payload: WeChat refused the code (${r.errcode})`)
    if (r.errcode || !r.openid) throw new ApiError(CODE.SERVICE_ERROR, `WeChat error ${r.errcode ?? 'without openid'}`)
    return { openid: r.openid, unionid: r.unionid }
  }

  get providerKey(): string {
    return `wechat:${this.o.appId ?? 'unconfigured'}`
  }

  private async accessToken(): Promise<string> {
    const now = this.clock()
    if (this.token && this.token.until > now) return this.token.value
    const { appId, secret } = this.creds()
    const r = await this.get<WxError & { access_token?: string; expires_in?: number }>('cgi-bin/token', { grant_type: 'client_credential', appid: appId, secret })
    if (!r.access_token) throw new ApiError(CODE.SERVICE_ERROR, `WeChat token error ${r.errcode ?? ''}`.trim())
    // Renew five minutes early.
    this.token = { value: r.access_token, until: now + ((r.expires_in ?? 7200) - 300) * 1000 }
    return this.token.value
  }

  private async jsapiTicket(): Promise<string> {
    const now = this.clock()
    if (this.ticket && this.ticket.until > now) return this.ticket.value
    const r = await this.get<WxError & { ticket?: string; expires_in?: number }>('cgi-bin/ticket/getticket', { access_token: await this.accessToken(), type: 'jsapi' })
    if (r.errcode || !r.ticket) {
      if (r.errcode === 40001 || r.errcode === 42001) this.token = null
      throw new ApiError(CODE.SERVICE_ERROR, `WeChat ticket error ${r.errcode ?? ''}`.trim())
    }
    this.ticket = { value: r.ticket, until: now + ((r.expires_in ?? 7200) - 300) * 1000 }
    return this.ticket.value
  }

  /** wx.config() arguments for a page URL (without its #fragment), per the JS-SDK signature algorithm. */
  async jsConfig(pageUrl: string): Promise<{ appId: string; timestamp: number; nonceStr: string; signature: string }> {
    const ticket = await this.jsapiTicket()
    const url = pageUrl.split('#')[0] ?? pageUrl
    const nonceStr = randomToken(12)
    const timestamp = Math.floor(this.clock() / 1000)
    const signature = createHash('sha1').update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`).digest('hex')
    return { appId: this.creds().appId, timestamp, nonceStr, signature }
  }
}
