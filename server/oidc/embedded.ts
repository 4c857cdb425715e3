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
import { envelope, tooMany } from '../errors'
import { acceptedOrigin } from '../origins'

export const OIDC_PREFIX = '/oidc'

/** Demo identities: subject → display name. */
export const DEMO_IDENTITIES: Record<string, string> = { reader: 'Demo Reader', newcomer: 'New Comer' }

let signingKey: Record<string, unknown> | undefined
/** One RSA key per process: ID tokens are checked within seconds of issue, so it need not persist. */
function jwk(): Record<string, unknown> {
  signingKey ??= { ...(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as Record<string, unknown>), kid: randomToken(8), use: 'sig', alg: 'RS256' }
  return signingKey
}

/**
 * Refuses (421, coded) a request whose Host is not an origin this server answers as, before any provider
 * exists for it, and limits the rate of sign-in requests per client address. Each /oidc scope adds it.
 */
async function guard(app: FastifyInstance, scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, { max: app.config.limits.authPerMinute, timeWindow: 60_000, errorResponseBuilder: (_req, ctx) => tooMany(ctx.ttl / 1000) })
  scope.addHook('onRequest', async (req, reply) => {
    if (!acceptedOrigin(app, req)) return reply.code(421).send(envelope(null, CODE.PARAM_INVALID, 'host: not served here'))
  })
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function loginPage(uid: string, error?: string, login = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Habor demo sign-in</title><style>body{font:16px system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;box-sizing:border-box}input,button{min-height:44px;margin:.25rem 0 1rem;font-size:1rem}
.err{color:#b00020}</style></head><body><h1>Demo sign-in</h1>
<p>Identities: <code>reader</code> (linked to the demo student) or <code>newcomer</code> (no account); password <code>${escapeHtml(DEMO.password)}</code>.</p>
${error ? `<p class="err" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${OIDC_PREFIX}/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<label for="login">Username</label><input id="login" name="login" value="${escapeHtml(login)}" autocapitalize="none" required>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button></form></body></html>`
}

export async function mountEmbeddedOidc(app: FastifyInstance): Promise<void> {
  const { oidc, trustProxy } = app.config
  const providers = new Map<string, Provider>()
  const cookieKeys = [app.deriveKey('oidc-provider cookies')]
  const ProviderAdapter = dbAdapter(app.db)
  await purgeExpired(app.db)

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
      jwks: { keys: [jwk()] },
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
        ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in error</title></head><body><h1>Sign-in error</h1><p>${escapeHtml(out.error_description ?? out.error ?? 'error')}</p></body></html>`
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
      if (details.prompt.name === 'login') return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(loginPage(details.uid))
      // Any other prompt (consent): the app is first-party, grant what it asked for.
      const accountId = details.session?.accountId
      if (!accountId) return reply.type('text/html; charset=utf-8').send(loginPage(details.uid))
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
      if (!ok) return reply.code(200).type('text/html; charset=utf-8').send(loginPage(details.uid, 'Wrong username or password.', login))
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
