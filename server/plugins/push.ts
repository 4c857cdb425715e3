/**
 * Web Push as a resource: the VAPID keys (given by the environment, or made once and kept in the
 * database so every node signs with the same pair) and the sender that drains the queue
 * (server/services/push.ts), polled for retries and nudged after each event.
 */
import fp from 'fastify-plugin'
import { PushSender, newVapidKeys } from '../services/push'
import { parseService } from '../services/pushEndpoint'
import { sharedSecret } from '../services/secrets'

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender
  }
}

export default fp(
  async (app) => {
    const o = app.config.push
    const keys =
      o.vapidPublicKey && o.vapidPrivateKey
        ? { publicKey: o.vapidPublicKey, privateKey: o.vapidPrivateKey }
        : (JSON.parse(await sharedSecret(app.db, 'vapid', () => JSON.stringify(newVapidKeys()), app.config.clock())) as { publicKey: string; privateKey: string })
    const sender = new PushSender({
      db: app.db,
      clock: app.config.clock,
      vapid: { ...keys, subject: o.subject },
      agent: o.agent,
      services: o.services.map(parseService),
      log: app.log,
      auto: o.pollMs > 0,
      delivered: (ms) => {
        app.metrics.inboxDeliveries.inc({ channel: 'push' })
        app.metrics.inboxDelay.observe({ channel: 'push' }, ms / 1000)
      },
    })
    app.decorate('push', sender)
    if (o.pollMs > 0) {
      const timer = setInterval(() => sender.nudge(), o.pollMs).unref()
      app.addHook('onClose', async () => clearInterval(timer))
    }
    // A send in flight finishes before the database closes.
    app.addHook('onClose', async () => {
      await sender.close()
    })
  },
  { name: 'push', dependencies: ['db'] },
)
