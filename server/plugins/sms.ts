/** The SMS service and its provider (build() refuses the console provider in production). */
import fp from 'fastify-plugin'
import { ConsoleSmsProvider, SmsCodes } from '../services/sms'

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsCodes
    /** The console provider's outbox; null with a real provider. */
    smsOutbox: ConsoleSmsProvider | null
  }
}

export default fp(
  async (app) => {
    const o = app.config
    const provider = o.sms === 'console' ? new ConsoleSmsProvider(app.log, app.redis) : o.sms
    app.decorate('sms', new SmsCodes(app.db, o.clock, o.limits.sms, provider, app.dbInfo.kind))
    app.decorate('smsOutbox', provider instanceof ConsoleSmsProvider ? provider : null)
  },
  { name: 'sms', dependencies: ['db', 'redis'] },
)
