// A stand-in for WeChat's server API (api.weixin.qq.com) for the browser tests: the app server reaches it
// through WECHAT_API_BASE. A js_code `<name>-<n>` logs in the WeChat user `o-<name>` (so two codes of one
// name are one user); a code starting with `bad` is refused as WeChat refuses a used or invalid code.
import { createServer } from 'node:http'

const port = Number(process.env.PORT ?? 18182)

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://stand-in')
  const send = (body) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  if (url.pathname === '/health') return send({ ok: true })
  if (url.pathname === '/sns/jscode2session') {
    const code = url.searchParams.get('js_code') ?? ''
    if (!code || code.startsWith('bad')) return send({ errcode: 40029, errmsg: 'invalid code' })
    return send({ openid: `o-${code.replace(/-\d+$/, '')}`, session_key: 'stand-in' })
  }
  if (url.pathname === '/cgi-bin/token') return send({ access_token: 'stand-in-token', expires_in: 7200 })
  if (url.pathname === '/cgi-bin/ticket/getticket') return send({ errcode: 0, ticket: 'stand-in-ticket', expires_in: 7200 })
  res.writeHead(404)
  res.end()
}).listen(port, '127.0.0.1')
