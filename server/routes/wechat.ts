/** WeChat JS-SDK configuration for pages opened inside WeChat. Signed. */
import type { WxJsInitData } from '../../src/contract'
import { badInput } from '../errors'
import * as S from '../../src/contract/schemas/api'
import type { ApiRoutes } from './provider'

const routes: ApiRoutes = async (app) => {
  app.post('/weixin/js/init', { schema: { body: S.WxJsInitBody, response: { 200: S.ANSWER.wxJsInit } }, preHandler: app.verifySigned }, async (req) => {
    if (!/^https?:\/\//.test(req.body.url)) throw badInput('url', 'must be an absolute http(s) URL')
    return (await app.wechat.jsConfig(req.body.url)) satisfies WxJsInitData
  })
}

export default routes
