/**
 * Public content for the share pages and Sound: `GET /content/<kind>/<id>` (100001 unless shared) and
 * `GET /content/media/<id>` (bytes with ranges and a year of caching; ids are random, so a media URL is
 * as private as the content that links it).
 */
import type { FastifyPluginAsync } from 'fastify'
import { existsSync } from 'node:fs'
import { CODE } from '../../src/contract'
import { CONTENT_ID_PATTERN, CONTENT_KINDS, MEDIA_PATH, type ContentKind } from '../../src/contract/content'
import { ApiError } from '../errors'
import { loadContent } from '../services/content'
import { ASSET_DIR, MEDIA_CACHE, mediaPath, sendFile } from '../services/media'

const SHARE_CARD_ASSET = 'demo/share-card.png'

const idParam = { type: 'string', pattern: CONTENT_ID_PATTERN } as const

const contentRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string } }>(
    `${MEDIA_PATH}/:id`,
    { compress: false, schema: { params: { type: 'object', required: ['id'], properties: { id: idParam } } } },
    async (req, reply) => {
      const m = await app.db.selectFrom('media').select(['id', 'mime', 'storage', 'key']).where('id', '=', req.params.id).executeTakeFirst()
      const file = m ? mediaPath(m.storage, m.key, app.config.dataDir) : null
      if (!m || !file || !existsSync(file)) throw new ApiError(CODE.DATA_EMPTY)
      return sendFile(req, reply, file, { type: m.mime, cacheControl: MEDIA_CACHE })
    },
  )

  // The link-preview picture of pages without a picture of their own (1200×630).
  app.get('/content/card.png', { compress: false }, (req, reply) => sendFile(req, reply, `${ASSET_DIR}${SHARE_CARD_ASSET}`, { type: 'image/png', cacheControl: MEDIA_CACHE }))

  app.get<{ Params: { kind: ContentKind; id: string } }>(
    '/content/:kind/:id',
    { schema: { params: { type: 'object', required: ['kind', 'id'], properties: { kind: { type: 'string', enum: [...CONTENT_KINDS] }, id: idParam } } } },
    async (req, reply) => {
      const view = await loadContent(app.db, req.params.kind, req.params.id)
      // Revalidate every time: an owner who stops sharing must be obeyed at once.
      reply.header('cache-control', 'no-cache')
      if (!view) throw new ApiError(CODE.DATA_EMPTY)
      return view
    },
  )
}

export default contentRoutes
