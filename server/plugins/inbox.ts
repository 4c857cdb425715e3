/**
 * The notification inbox as a resource (server/services/inbox.ts): events record their entries through
 * it and send them after their transaction, live over the broker plugin's publisher and by Web Push.
 */
import fp from 'fastify-plugin'
import { Inbox } from '../services/inbox'

declare module 'fastify' {
  interface FastifyInstance {
    inbox: Inbox
  }
}

export default fp(
  async (app) => {
    const publisher = app.broker.publisher
    app.decorate(
      'inbox',
      new Inbox({
        db: app.db,
        clock: app.config.clock,
        push: app.push,
        publish: (topic, payload) => publisher.publishNotice(topic, payload),
        log: app.log,
        delivered: (ms) => {
          app.metrics.inboxDeliveries.inc({ channel: 'live' })
          app.metrics.inboxDelay.observe({ channel: 'live' }, ms / 1000)
        },
      }),
    )
  },
  { name: 'inbox', dependencies: ['db', 'push', 'broker'] },
)
