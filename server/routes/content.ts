/**
 * Public content for the share pages and Sound: `GET /content/<kind>/<id>` (100001 unless shared) and
 * `GET /content/media/<id>` (bytes with ranges, revalidated on each play like every recording; ids are
 * random, so a media URL is as private as the content that links it).
 */
import { existsSync } from 'node:fs'
import { CODE } from '../../src/contract'
import { ApiError } from '../errors'
import { loadContent } from '../services/content'
import { ASSET_DIR, MEDIA_CACHE, mediaPath, mediaRow, RECORDING_CACHE, sendFile } from '../services/media'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const SHARE_CARD_ASSET = 'demo/share-card.png'

const contentRoutes: ApiRoutes = async (app) => {
  app.route({
    ...entry(app, 'media'),
    compress: false,
    handler: async (req, reply) => {
      const m = await mediaRow(app.db, req.params.id)
      const file = m ? mediaPath(m.storage, m.key, app.config.dataDir) : null
      if (!m || !file || !existsSync(file)) throw new ApiError(CODE.DATA_EMPTY)
      return sendFile(req, reply, file, { type: m.mime, cacheControl: RECORDING_CACHE })
    },
  })

  // The link-preview picture of pages without a picture of their own (1200×630).
  app.route({ ...entry(app, 'shareCardImage'), compress: false, handler: (req, reply) => sendFile(req, reply, `${ASSET_DIR}${SHARE_CARD_ASSET}`, { type: 'image/png', cacheControl: MEDIA_CACHE }) })

  app.route({
    ...entry(app, 'content'),
    handler: async (req, reply) => {
      const view = await loadContent(app.db, req.params.kind, req.params.id, app.config.clock())
      // Revalidate every time: an owner who stops sharing must be obeyed at once.
      reply.header('cache-control', 'no-cache')
      if (!view) throw new ApiError(CODE.DATA_EMPTY)
      return view
    },
  })
}

export default contentRoutes
