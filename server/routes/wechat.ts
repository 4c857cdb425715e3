/** WeChat JS-SDK configuration for pages opened inside WeChat. Signed. */
import type { WxJsInitData } from '../../src/contract'
import { badInput } from '../errors'
import type { ApiRoutes } from './provider'
import { entry } from './table'

const routes: ApiRoutes = async (app) => {
  app.route({
    ...entry(app, 'weixinJsInit'),
    handler: async (req) => {
      if (!/^https?:\/\//.test(req.body.url)) throw badInput('url', 'must be an absolute http(s) URL')
      return (await app.wechat.jsConfig(req.body.url)) satisfies WxJsInitData
    },
  })
}

export default routes
