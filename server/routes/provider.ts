/**
 * Route types from the contract's schemas (src/contract/schemas/): a Fastify type provider built on
 * TypeBox's Static, so a route's body, query and params are typed by the schemas it validates with, and its
 * handler's answer by its HTTP 200 response schema. Handlers return the data (the /api layer wraps it in
 * the envelope) or an envelope themselves (noData()); refusals are thrown. A route whose success is a file
 * declares only the refusal as JSON; what its handler sends is not typed.
 */
import type { Static, TSchema } from '@sinclair/typebox'
import type { FastifyPluginAsync, FastifyTypeProvider, RawServerDefault } from 'fastify'
import type { Envelope } from '../../src/contract'

/** What a handler may return for an answer schema: the success branch's data, bare or in its envelope. */
type Returned<A> = A extends { code: 0; data: infer D } ? D | Envelope<D> : never
/** A file route's success is bytes it sends itself (a stream, a buffer): untyped. */
type HandlerAnswer<A> = [Returned<A>] extends [never] ? unknown : Returned<A>

export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown
  serializer: this['schema'] extends TSchema ? HandlerAnswer<Static<this['schema']>> : unknown
}

/** A plugin of /api routes typed by the contract's schemas. */
export type ApiRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, ContractTypeProvider>
