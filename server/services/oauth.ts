/**
 * OAuth login through a standard OIDC client (openid-client). The Login page gets an authorization URL
 * from GET /api/oauth/url (state, nonce and PKCE verifier are kept server-side for 10 minutes), the
 * provider redirects to /login?code&state, and /login/oauth exchanges the code here. The embedded
 * provider is reached in-process (no network hop back to our own public URL); an external one by HTTP.
 */
import type { FastifyInstance } from 'fastify'
import * as client from 'openid-client'
import { CODE } from '../../src/contract'
import { ApiError, badInput } from '../errors'
import { LOCAL_OIDC_PROVIDER } from '../db/seed'
import { OIDC_PREFIX } from '../oidc/embedded'

const STATE_TTL_MS = 10 * 60 * 1000

export class OAuthLogin {
  private readonly configs = new Map<string, Promise<client.Configuration>>()

  constructor(private readonly app: FastifyInstance) {}

  /** The identity-provider key stored with linked identities. */
  get providerKey(): string {
    return this.app.config.oidc.issuer ?? LOCAL_OIDC_PROVIDER
  }

  private issuerFor(origin: string): string {
    return this.app.config.oidc.issuer ?? `${origin}${OIDC_PREFIX}`
  }

  private config(issuer: string): Promise<client.Configuration> {
    let c = this.configs.get(issuer)
    if (!c) {
      const { clientId, clientSecret, issuer: external } = this.app.config.oidc
      const url = new URL(issuer)
      const options: client.DiscoveryRequestOptions = {}
      if (url.protocol === 'http:') options.execute = [client.allowInsecureRequests]
      if (!external) options[client.customFetch] = this.inProcessFetch
      c = client.discovery(url, clientId, clientSecret, undefined, options)
      c.catch(() => this.configs.delete(issuer))
      this.configs.set(issuer, c)
    }
    return c
  }

  /** Sends the embedded provider's back-channel requests straight into this Fastify instance. */
  private readonly inProcessFetch: client.CustomFetch = async (url, init) => {
    const u = new URL(url)
    const headers = Object.fromEntries(new Headers(init.headers as ConstructorParameters<typeof Headers>[0]).entries())
    const res = await this.app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: u.pathname + u.search,
      headers: { ...headers, host: u.host, 'x-forwarded-proto': u.protocol.slice(0, -1) },
      payload: typeof init.body === 'string' || init.body instanceof URLSearchParams ? String(init.body) : undefined,
    })
    const out = new Headers()
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v))
    return new Response(res.rawPayload.length ? res.rawPayload : null, { status: res.statusCode, headers: out })
  }

  async authorizationUrl(origin: string, redirectUri: string): Promise<{ url: string; state: string }> {
    const issuer = this.issuerFor(origin)
    const config = await this.config(issuer)
    const state = client.randomState()
    const nonce = client.randomNonce()
    const verifier = client.randomPKCECodeVerifier()
    const now = this.app.config.clock()
    await this.app.db.deleteFrom('oauth_states').where('expires_at', '<', now).execute()
    await this.app.db.insertInto('oauth_states').values({ state, issuer, code_verifier: verifier, nonce, redirect_uri: redirectUri, expires_at: now + STATE_TTL_MS }).execute()
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.app.config.oidc.scope,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    })
    return { url: url.href, state }
  }

  /** Exchanges the code; returns the identity's subject. The state is single-use. */
  async exchange(payload: { code: string; state: string; redirectUri: string }): Promise<{ provider: string; subject: string; name?: string }> {
    const now = this.app.config.clock()
    const row = await this.app.db.selectFrom('oauth_states').selectAll().where('state', '=', payload.state).executeTakeFirst()
    await this.app.db.deleteFrom('oauth_states').where('state', '=', payload.state).execute()
    if (!row || row.expires_at < now) throw badInput('payload.state', 'unknown or expired')
    if (row.redirect_uri !== payload.redirectUri) throw badInput('payload.redirectUri', 'does not match the authorization request')
    const config = await this.config(row.issuer)
    const callback = new URL(row.redirect_uri)
    callback.searchParams.set('code', payload.code)
    callback.searchParams.set('state', payload.state)
    // RFC 9207: the Login page forwards only code and state; the issuer is known from our own state record.
    if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set('iss', config.serverMetadata().issuer)
    try {
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: row.code_verifier, expectedState: row.state, expectedNonce: row.nonce, idTokenExpected: true })
      const claims = tokens.claims()
      if (!claims?.sub) throw new Error('no subject')
      return { provider: this.providerKey, subject: claims.sub, name: typeof claims.name === 'string' ? claims.name : undefined }
    } catch (e) {
      this.app.log.warn({ err: e instanceof Error ? e.message : String(e) }, 'oauth code exchange failed')
      throw new ApiError(CODE.PARAM_INVALID, 'payload.code: rejected by the identity provider')
    }
  }
}
