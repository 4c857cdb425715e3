/** The SMS service and its provider. The console provider (and its dev outbox) is refused in production. */
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
    if (o.sms === 'console' && o.production) {
      throw new Error(
        'NODE_ENV=production with the console SMS provider: codes would only reach the server log and the dev outbox would expose them. Configure a real SMS provider, or unset NODE_ENV for a demo.',
      )
    }
    const provider = o.sms === 'console' ? new ConsoleSmsProvider(app.log) : o.sms
    app.decorate('sms', new SmsCodes(app.db, o.clock, o.limits.sms, provider))
    app.decorate('smsOutbox', provider instanceof ConsoleSmsProvider ? provider : null)
  },
  { name: 'sms', dependencies: ['db'] },
)
