/**
 * The embedded OpenID Connect provider (oidc-provider, a certified implementation) at /oidc, with the
 * demo identities `reader` and `newcomer`. Its issuer is the request's origin + /oidc (or PUBLIC_URL), so
 * one provider instance exists per origin the server is reached by. The login screen is ours; consent is
 * implied for the app's own client.
 */
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { generateKeyPairSync } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { DEMO } from '../db/seed'
import { dbAdapter, purgeExpired } from './adapter'
import { randomToken } from '../services/crypto'
import { CODE } from '../../src/contract'
import { envelope } from '../errors'
import { signInProviderLimits } from '../plugins/rateLimit'
import { sharedSecret } from '../services/secrets'
import { acceptedOrigin } from '../origins'

export const OIDC_PREFIX = '/oidc'

/** Demo identities: subject → display name. */
export const DEMO_IDENTITIES: Record<string, string> = { reader: 'Demo Reader', newcomer: 'New Comer' }

const newJwk = (): Record<string, unknown> => ({ ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: randomToken(8), use: 'sig', alg: 'RS256' })

let processKey: Record<string, unknown> | undefined
/**
 * The provider's signing key. A single node makes one per process: ID tokens are checked within seconds
 * of issue, so it need not persist. Nodes of a cluster share one through the database, because the code
 * exchange and the key lookup may land on a node other than the one that signed.
 */
async function jwk(app: FastifyInstance): Promise<Record<string, unknown>> {
  if (app.redis) return JSON.parse(await sharedSecret(app.db, 'oidc-signing-jwk', () => JSON.stringify(newJwk()))) as Record<string, unknown>
  processKey ??= newJwk()
  return processKey
}

/**
 * Refuses (421, coded) a request whose Host is not an origin this server answers as, before any provider
 * exists for it, and limits the rate of sign-in requests per client address. Each /oidc scope adds it.
 */
async function guard(app: FastifyInstance, scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, signInProviderLimits(app))
  scope.addHook('onRequest', async (req, reply) => {
    if (!acceptedOrigin(app, req)) return reply.code(421).send(envelope(null, CODE.PARAM_INVALID, 'host: not served here'))
  })
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

type ViewLang = 'zh-Hans' | 'en'

const VIEW_TEXT = {
  'zh-Hans': {
    title: '统一身份认证',
    lead: '演示账号：reader（已关联演示学生）或 newcomer（尚无账号），密码均为',
    login: '用户名',
    password: '密码',
    submit: '登录',
    wrong: '用户名或密码不正确',
    error: '登录出错',
    back: '返回应用重新登录',
    cancel: '返回应用',
  },
  en: {
    title: 'Single sign-on',
    lead: 'Demo identities: reader (linked to the demo student) or newcomer (no account yet); the password of both is',
    login: 'Username',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'Wrong username or password.',
    error: 'Sign-in error',
    back: 'Back to the app to sign in again',
    cancel: 'Back to the app',
  },
} as const

/** The screen's language: the client's ui_locales, else the browser's first choice; Chinese unless English is asked for. */
export function viewLang(uiLocales: unknown, acceptLanguage: string | undefined): ViewLang {
  const first = (typeof uiLocales === 'string' && uiLocales.trim() ? uiLocales : (acceptLanguage ?? '')).trim().split(/[\s,;]/)[0] ?? ''
  return /^en(-|$)/i.test(first) ? 'en' : 'zh-Hans'
}

/** The app's look (colours, type, field and button shapes), inline: these screens load nothing else. */
const VIEW_STYLE = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#f8f8f8;color:#1f2329;font:16px/1.5 system-ui,-apple-system,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;display:flex;justify-content:center}
main{width:100%;max-width:420px;padding:48px 20px}
.brand{display:flex;flex-direction:column;align-items:center;gap:8px;margin-bottom:24px}
.brand svg{filter:drop-shadow(0 6px 16px rgb(14 122 95 / 25%))}
h1{margin:0;font-size:22px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 2px rgb(16 24 40 / 6%),0 4px 16px rgb(16 24 40 / 6%);padding:24px 20px}
.lead{margin:0 0 20px;color:#596170;font-size:14px}
code{padding:1px 6px;border-radius:6px;background:#e7f3ef;color:#0a5f4a;font-size:14px}
label{display:block;margin:0 0 6px;color:#596170;font-size:14px;font-weight:600}
input{display:block;width:100%;min-height:48px;margin:0 0 16px;padding:0 14px;border:1px solid #e3e6eb;border-radius:10px;background:#fff;color:inherit;font:inherit}
input:focus{outline:none;border-color:#0e7a5f;box-shadow:0 0 0 3px rgb(14 122 95 / 28%)}
button,.back{display:flex;align-items:center;justify-content:center;width:100%;min-height:48px;margin-top:8px;border:0;border-radius:24px;background:#0e7a5f;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:focus-visible,.back:focus-visible{outline:3px solid rgb(14 122 95 / 40%);outline-offset:2px}
.cancel{display:flex;align-items:center;justify-content:center;min-height:48px;margin-top:8px;text-align:center;color:#0a5f4a;font-weight:600;text-decoration:none}
.err{margin:0 0 16px;padding:10px 12px;border-radius:10px;background:#fdecea;color:#a42a24;font-size:14px}
@media (prefers-color-scheme:dark){body{background:#111418;color:#e8eaed}.card{background:#1b1f24;box-shadow:none}.lead,label{color:#a9b0ba}input{background:#111418;border-color:#343a42}code{background:#16352c;color:#9fd8c6}.cancel{color:#9fd8c6}.err{background:#3a1f1d;color:#f3b1ab}}`

const LOGO = '<svg viewBox="0 0 512 512" width="64" height="64" aria-hidden="true"><rect width="512" height="512" rx="112" fill="#0e7a5f"/><path d="M256 168c-40-28-92-36-132-30v212c40-6 92 2 132 30z" fill="#fff"/><path d="M256 168c40-28 92-36 132-30v212c-40-6-92 2-132 30z" fill="#f2a93b"/></svg>'

function view(lang: ViewLang, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Habor - ${escapeHtml(title)}</title><style>${VIEW_STYLE}</style></head><body><main>
<div class="brand">${LOGO}<h1>${escapeHtml(title)}</h1></div><div class="card">${body}</div></main></body></html>`
}

function loginPage(lang: ViewLang, uid: string, error?: string, login = ''): string {
  const t = VIEW_TEXT[lang]
  return view(
    lang,
    t.title,
    `<p class="lead">${escapeHtml(t.lead)} <code>${escapeHtml(DEMO.password)}</code></p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${OIDC_PREFIX}/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="login">${t.login}</label><input id="login" name="login" value="${escapeHtml(login)}" autocapitalize="none" required>
<label for="password">${t.password}</label><input id="password" name="password" type="password" required>
<button type="submit">${t.submit}</button></form>
<a class="cancel" href="/login">${t.cancel}</a>`,
  )
}

function errorPage(lang: ViewLang, message: string): string {
  const t = VIEW_TEXT[lang]
  return view(lang, t.error, `<p class="err" role="alert">${escapeHtml(message)}</p><a class="back" href="/login">${t.back}</a>`)
}

export async function mountEmbeddedOidc(app: FastifyInstance): Promise<void> {
  const { oidc, trustProxy } = app.config
  const providers = new Map<string, Provider>()
  const cookieKeys = [app.deriveKey('oidc-provider cookies')]
  const ProviderAdapter = dbAdapter(app.db)
  await purgeExpired(app.db)
  const signingKey = await jwk(app)

  const providerFor = (origin: string): Provider => {
    let p = providers.get(origin)
    if (p) return p
    const configuration: Configuration = {
      clients: [
        {
          client_id: oidc.clientId,
          client_secret: oidc.clientSecret,
          redirect_uris: [`${origin}/login`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
        const name = DEMO_IDENTITIES[sub]
        return name ? { accountId: sub, claims: () => ({ sub, name }) } : undefined
      },
      claims: { openid: ['sub'], profile: ['name'] },
      adapter: ProviderAdapter,
      // Seconds. Short: the app exchanges the code at once and keeps no provider tokens.
      ttl: { Interaction: 600, Session: 86_400, Grant: 86_400, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
      cookies: { keys: cookieKeys },
      jwks: { keys: [signingKey] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `${OIDC_PREFIX}/interaction/${interaction.uid}` },
      // The app is this provider's own (first-party) client: consent is implied.
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const { client, session, result, provider } = ctx.oidc
        if (!client || !session?.accountId) return undefined
        const id = result?.consent?.grantId ?? session.grantIdFor(client.clientId)
        if (id) return provider.Grant.find(id)
        const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId })
        grant.addOIDCScope('openid profile')
        await grant.save()
        return grant
      },
      renderError(ctx, out) {
        ctx.type = 'html'
        ctx.body = errorPage(viewLang(ctx.query?.ui_locales, ctx.get('accept-language')), String(out.error_description ?? out.error ?? 'error'))
      },
    }
    p = new Provider(`${origin}${OIDC_PREFIX}`, configuration)
    p.proxy = trustProxy !== false
    providers.set(origin, p)
    return p
  }

  // The guard of each scope has refused every Host that is not an accepted origin.
  const forRequest = (req: FastifyRequest) => providerFor(acceptedOrigin(app, req)!)

  // Our login screen; registered before the catch-all so the router prefers it.
  await app.register(async (scope) => {
    await guard(app, scope)
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    })
    scope.get<{ Params: { uid: string } }>(`${OIDC_PREFIX}/interaction/:uid`, async (req, reply) => {
      const provider = forRequest(req)
      const details = await provider.interactionDetails(req.raw, reply.raw)
      const lang = viewLang(details.params.ui_locales, req.headers['accept-language'])
      if (details.prompt.name === 'login') return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(loginPage(lang, details.uid))
      // Any other prompt (consent): the app is first-party, grant what it asked for.
      const accountId = details.session?.accountId
      if (!accountId) return reply.type('text/html; charset=utf-8').send(loginPage(lang, details.uid))
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) })
      grant.addOIDCScope(String(details.params.scope ?? 'openid'))
      const grantId = await grant.save()
      reply.hijack()
      await provider.interactionFinished(req.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true })
    })
    scope.post<{ Params: { uid: string }; Body: { login?: string; password?: string } }>(`${OIDC_PREFIX}/interaction/:uid/login`, async (req, reply) => {
      const provider = forRequest(req)
      const details = await provider.interactionDetails(req.raw, reply.raw)
      const login = String(req.body?.login ?? '').trim()
      const ok = login in DEMO_IDENTITIES && req.body?.password === DEMO.password
      if (!ok) {
        const lang = viewLang(details.params.ui_locales, req.headers['accept-language'])
        return reply.code(200).type('text/html; charset=utf-8').send(loginPage(lang, details.uid, VIEW_TEXT[lang].wrong, login))
      }
      reply.hijack()
      await provider.interactionFinished(req.raw, reply.raw, { login: { accountId: login } }, { mergeWithLastSubmission: false })
    })
  })

  // Everything else under /oidc is the provider's own (Koa-style) handler on the raw request.
  await app.register(async (scope) => {
    await guard(app, scope)
    // Leave the body stream unread: oidc-provider parses it itself.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null))
    const handler = async (req: FastifyRequest, reply: import('fastify').FastifyReply) => {
      const provider = forRequest(req)
      reply.hijack()
      const raw = req.raw as IncomingMessage & { originalUrl?: string }
      raw.originalUrl = raw.url
      raw.url = (raw.url ?? '/').slice(OIDC_PREFIX.length) || '/'
      await provider.callback()(raw, reply.raw)
    }
    scope.all(OIDC_PREFIX, handler)
    scope.all(`${OIDC_PREFIX}/*`, handler)
  })
}
