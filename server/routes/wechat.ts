/** WeChat JS-SDK configuration for pages opened inside WeChat. Signed. */
import type { FastifyPluginAsync } from 'fastify'
import type { WxJsInitData } from '../../src/contract'
import { badInput } from '../errors'
import * as S from './schemas'

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: S.Body<typeof S.WxJsInitBody> }>('/weixin/js/init', { schema: { body: S.WxJsInitBody }, preHandler: app.verifySigned }, async (req) => {
    if (!/^https?:\/\//.test(req.body.url)) throw badInput('url', 'must be an absolute http(s) URL')
    return (await app.wechat.jsConfig(req.body.url)) satisfies WxJsInitData
  })
}

export default routes
