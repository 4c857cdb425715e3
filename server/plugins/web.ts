/**
 * The HTTP surface shared by everything: security headers, compression, and the built app (dist/) with
 * its history fallback and cache rules.
 */
import compress from '@fastify/compress'
import helmet from '@fastify/helmet'
import fastifyStatic from '@fastify/static'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import { basename, join, resolve, sep } from 'node:path'
import { CODE } from '../../src/contract'
import { envelope } from '../errors'
import { acceptedOrigin } from '../origins'
import type { Lang } from '../../manifest/app'
import { inlineScriptSources, loadPrerendered, templateFor } from '../prerendered'
import { previewFor, injectPreview } from '../services/preview'
import { reportPreviewFor } from '../services/reportPreview'

/** Paths that never fall back to the app. */
const NOT_APP = /^\/(api|mqtt|oidc)(\/|\?|$)/
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest'])

/**
 * The one place index.html is produced for an app URL. Share pages (/share/opus, /share/read,
 * /share/task, /sound) and shared reports (/2023/report) get their content's title, description and
 * Open Graph/Twitter meta here, so a link preview needs no JavaScript; a database failure only costs the
 * preview, never the page.
 */
export async function renderIndexHtml(template: string, req: FastifyRequest): Promise<string> {
  // Always a path on this origin: a target such as `//a:99999/` is not a URL of another host.
  const url = pathUrl(req.url)
  const pathname = url.pathname.replace(/\/+$/, '') || '/'
  const lang = langOf(url.searchParams.get('lang'))
  const origin = acceptedOrigin(req.server, req)
  // A Host this server does not answer as gets the page without a preview, never its Host reflected.
  if (!origin) return template
  try {
    const preview = (await previewFor(req.server.db, pathname, url.searchParams, origin, lang, req.server.config.clock())) ?? (await reportPreviewFor(req.server.db, pathname, url.searchParams, origin, lang))
    return preview ? injectPreview(template, preview, lang) : template
  } catch (err) {
    req.log.warn({ err }, 'link preview failed')
    return template
  }
}

function pathUrl(target: string): URL {
  try {
    return new URL(`http://localhost${target.startsWith('/') ? '' : '/'}${target}`)
  } catch {
    return new URL('http://localhost/')
  }
}

const langOf = (v: string | null): Lang => (v && /^en(-|$)/i.test(v) ? 'en' : 'zh-Hans')

export default fp(
  async (app) => {
    const o = app.config
    // The WebSocket origins of the accepted origin; a Host that is not one adds nothing (never reflected).
    const wsOf = (scheme: 'ws' | 'wss') => (req: IncomingMessage) => {
      const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true
      const origin = acceptedOrigin(app, { protocol: encrypted ? 'https' : 'http', host: req.headers.host ?? '' })
      return origin ? `${scheme}://${new URL(origin).host}` : "'self'"
    }
    const prerendered = loadPrerendered(o.distDir)
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // WeChat's JS-SDK (share cards); the share pages load it only inside WeChat.
          // The prerendered pages' inline starter, allowed by its hash (server/prerendered.ts).
          scriptSrc: ["'self'", 'https://res.wx.qq.com', ...inlineScriptSources(prerendered)],
          // The app sets element styles at run time (orientation, layout widths).
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'", 'data:'],
          // 'self' covers same-origin WebSockets in current browsers; the explicit ws(s) origin covers older Safari.
          connectSrc: ["'self'", wsOf('ws'), wsOf('wss')],
          // The service worker, and the live channel's keep-alive timer: mqtt.js runs it in a worker made from a
          // blob: URL, because timers in a background tab are slowed down and a late ping would drop the
          // connection, and with it the kick.
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      // HSTS is added below only on https requests (own TLS or a trusted proxy): on a plain-http LAN it would lock phones out.
      hsts: false,
      // The opener policy is set below, for every answer but one to a navigation the browser started itself.
      crossOriginOpenerPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })
    // On the raw response, before any handler runs: the sign-in provider's answers (/oidc) are written
    // by the provider itself after reply.hijack(), which skips Fastify's send hooks.
    app.addHook('onRequest', async (req, reply) => {
      if (req.protocol === 'https') reply.raw.setHeader('strict-transport-security', 'max-age=15552000; includeSubDomains')
      // No other site's window keeps a handle on ours (to navigate it or count its frames). Not on a
      // navigation the browser started itself (the address bar, a bookmark, a scanned code, a launch from
      // the home screen: Sec-Fetch-Site none), which no other site's window can hold, and where the header
      // cost the first paint about 160 ms at 4× CPU on Chromium 156 (docs/security.md "Page headers").
      if (req.headers['sec-fetch-site'] !== 'none') reply.raw.setHeader('cross-origin-opener-policy', 'same-origin')
    })
    await app.register(compress, { global: true, threshold: 1024 })

    const index = join(o.distDir, 'index.html')
    const template = existsSync(index) ? readFileSync(index, 'utf8') : null
    if (template !== null) {
      await app.register(fastifyStatic, {
        root: resolve(o.distDir),
        // The build writes .br and .gz copies of text assets (scripts/precompress.mjs): sent as they are.
        preCompressed: true,
        wildcard: true,
        index: false,
        cacheControl: false,
        setHeaders(res, path) {
          // A precompressed copy (name.br, name.gz) is cached like the file it stands for.
          const name = basename(path).replace(/\.(?:br|gz)$/, '')
          if (path.includes(`${sep}assets${sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable')
          else if (NO_CACHE.has(name)) res.setHeader('cache-control', 'no-cache')
          else res.setHeader('cache-control', 'public, max-age=3600')
          // Which copy is sent depends on Accept-Encoding: a shared cache must key on it.
          res.setHeader('vary', 'Accept-Encoding')
        },
      })
    }

    const sendApp = async (req: FastifyRequest, reply: FastifyReply) =>
      // A shared cache must not send one navigation's headers (the opener policy, above) to another's.
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Sec-Fetch-Site').send(await renderIndexHtml(templateFor(prerendered, req.url, template ?? ''), req))

    // The static plugin would refuse the root directory itself; the entry is the app.
    if (template !== null) app.get('/', (req, reply) => sendApp(req, reply))

    app.setNotFoundHandler((req, reply) => {
      const path = req.url
      const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !NOT_APP.test(path) && !/\.[a-z0-9]+$/i.test(path.split('?')[0] ?? '')
      if (template !== null && wantsPage) return sendApp(req, reply)
      return reply.code(404).send(envelope(null, CODE.NOT_FOUND))
    })
  },
  { name: 'web' },
)
