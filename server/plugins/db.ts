/** The database as a resource: opened, migrated and (when empty) seeded at start, destroyed at close. */
import fp from 'fastify-plugin'
import { migrate, openDb, type Db } from '../db/connect'
import { seedDemo } from '../db/seed'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    dbInfo: { kind: 'sqlite' | 'postgres'; where: string; seeded: boolean }
  }
}

export default fp(
  async (app) => {
    const o = app.config
    const { db, kind, where } = openDb({ dataDir: o.dataDir, databaseUrl: o.databaseUrl })
    app.addHook('onClose', async () => {
      await db.destroy()
    })
    await migrate(db, kind)
    const seeded = o.seedDemo ? await seedDemo(db, o.clock()) : false
    app.decorate('db', db)
    app.decorate('dbInfo', { kind, where, seeded })
  },
  { name: 'db' },
)
