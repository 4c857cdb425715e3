/**
 * OAuth login through a standard OIDC client (openid-client). The Login page gets an authorization URL
 * from GET /api/oauth/url (state, nonce and PKCE verifier are kept server-side for 10 minutes), the
 * provider redirects to /login?code&state, and /login/oauth exchanges the code here. The embedded
 * provider is reached in-process (no network hop back to our own public URL); an external one by HTTP.
 * A server that speaks TLS itself is asked over TLS on its own listener, pinned to its own certificate, so
 * the provider sees the same https origin the Login page was sent to (docs/security.md "Host and issuer").
 */
import type { FastifyInstance } from 'fastify'
import { X509Certificate } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import * as client from 'openid-client'
import { Agent, buildConnector, fetch as undiciFetch } from 'undici'
import { CODE } from '../../src/contract'
import { ApiError, badInput } from '../errors'
import { LOCAL_OIDC_PROVIDER } from '../db/seed'
import { OIDC_PREFIX } from '../oidc/embedded'

const STATE_TTL_MS = 10 * 60 * 1000

export class OAuthLogin {
  private readonly configs = new Map<string, Promise<client.Configuration>>()

  /** The agent that reaches this server's own TLS listener, made on first use. */
  private ownListener?: Agent

  constructor(private readonly app: FastifyInstance) {
    app.addHook('onClose', async () => {
      await this.ownListener?.destroy()
    })
  }

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

  /**
   * An agent whose every connection goes to this server's own listener (loopback when it listens on every
   * address) and is kept only if the peer shows this server's own certificate: the URL's host still names
   * the origin (Host header, SNI), but nothing leaves the machine and no other certificate is believed.
   */
  private ownTlsAgent(): Agent | undefined {
    const tls = this.app.config.https
    const address = this.app.server.listening ? this.app.server.address() : null
    if (!tls || !address || typeof address !== 'object') return undefined
    if (this.ownListener) return this.ownListener
    const { port, address: bound } = address as AddressInfo
    const target = bound === '0.0.0.0' ? '127.0.0.1' : bound === '::' ? '::1' : bound
    const expected = new X509Certificate(tls.cert).fingerprint256
    // The certificate is compared whole below, so the chain and name checks (which a certificate from a
    // private CA or a self-signed one would fail) are not what decides.
    const base = buildConnector({ rejectUnauthorized: false })
    const connect: buildConnector.connector = (opts, done) => {
      base({ ...opts, hostname: target, port: String(port) }, (err, socket) => {
        if (err || !socket) return done(err ?? new Error('no socket'), null)
        if ((socket as TLSSocket).getPeerX509Certificate?.()?.fingerprint256 !== expected) {
          socket.destroy()
          return done(new Error('own listener: unexpected certificate'), null)
        }
        done(null, socket)
      })
    }
    this.ownListener = new Agent({ connect })
    return this.ownListener
  }

  /** Sends the embedded provider's back-channel requests to this server itself. */
  private readonly inProcessFetch: client.CustomFetch = async (url, init) => {
    const agent = new URL(url).protocol === 'https:' ? this.ownTlsAgent() : undefined
    if (agent) {
      const res = await undiciFetch(url, {
        method: init.method,
        headers: init.headers as Record<string, string>,
        body: init.body as string | URLSearchParams | undefined,
        redirect: 'manual',
        signal: init.signal ?? undefined,
        dispatcher: agent,
      })
      const body = await res.arrayBuffer()
      return new Response(body.byteLength ? body : null, { status: res.status, headers: new Headers([...res.headers]) })
    }
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
