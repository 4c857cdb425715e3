/** The database as a resource: opened, migrated and (when empty) seeded at start, destroyed at close. */
import fp from 'fastify-plugin'
import { migrate, openDb, underStartLock, type Db, type DbHandle } from '../db/connect'
import { seedDemo, seedDemoCard, seedTeacherDemo } from '../db/seed'
import { seedDemoContent } from '../db/seedContent'
import { assetSize } from '../services/media'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbInfo: { kind: 'sqlite' | 'postgres'; where: string; seeded: boolean; pool?: DbHandle['pool'] }
  }
}

export default fp(
  async (app) => {
    const o = app.config
    const { db, kind, where, pool } = openDb({ dataDir: o.dataDir, databaseUrl: o.databaseUrl, wrapDialect: o.wrapDialect })
    app.addHook('onClose', async () => {
      await db.destroy()
    })
    const seeded = await underStartLock(db, kind, async (conn) => {
      await migrate(conn, kind)
      const fresh = o.seedDemo ? await seedDemo(conn, o.clock()) : false
      // Content is seeded apart from the accounts so that an older database gains it too.
      if (o.seedDemo) await seedDemoContent(conn, o.clock(), assetSize)
      if (o.seedDemo) await seedDemoCard(conn, o.clock())
      if (o.seedDemo) await seedTeacherDemo(conn, o.clock())
      return fresh
    })
    app.decorate('db', db)
    app.decorate('dbInfo', { kind, where, seeded, pool })
  },
  { name: 'db' },
)
