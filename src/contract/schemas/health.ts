/** GET /health: for operators and load balancers, not the app (server/routes/health.ts). */
import { Type } from '@sinclair/typebox'
import { Answer, Nullable } from './common'

export const Health = Type.Object({
  status: Type.Literal('ok'),
  /** 'sqlite' or 'postgres'. */
  db: Type.String(),
  /** How kicks are published: the embedded broker or an external one. */
  broker: Type.String(),
  /** Live-channel connections to this process's embedded broker; null with an external broker. */
  connections: Nullable(Type.Number()),
})

export const ANSWER = { health: Answer(Health) }
