/**
 * The validators and serializers Fastify compiles from the route table's schemas, shared by every app this
 * process builds (docs/server.md, "Layout").
 *
 * Compiling is most of what building an app costs: about 0.4 s of Ajv and 0.5 s of fast-json-stringify for
 * the whole table on a slow core, against a tenth of a second for the database. One process builds one app
 * in production, but the server suites build hundreds, one per test. The schemas are module-level constants
 * (server/routes/table.ts), so a schema object compiles to the same function in every app:
 * - validation uses @fastify/ajv-compiler's own pool, one Ajv per set of shared schemas and options, and Ajv
 *   caches what it compiled by schema object;
 * - serialization keeps fast-json-stringify's function per schema object the same way.
 */
import { AjvCompiler } from '@fastify/ajv-compiler'
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler'
import type { FastifyServerOptions } from 'fastify'

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>
type Factories = NonNullable<SchemaController['compilersFactory']>
type SerializerFactory = NonNullable<Factories['buildSerializer']>

const buildValidator = AjvCompiler() as Factories['buildValidator']

const selectSerializer = SerializerSelector() as SerializerFactory
/** Per set of shared schemas and options (as the validators' pool keys them), the functions by schema object. */
const serializerPools = new Map<string, WeakMap<object, ReturnType<ReturnType<SerializerFactory>>>>()

const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = selectSerializer(externalSchemas, options)
  const key = JSON.stringify([externalSchemas, options])
  const compiled = serializerPools.get(key) ?? new WeakMap()
  serializerPools.set(key, compiled)
  return (route) => {
    // A boolean schema (a JSON Schema may be `true`) cannot key a WeakMap; it is compiled each time.
    if (typeof route.schema !== 'object' || route.schema === null) return compile(route)
    let fn = compiled.get(route.schema)
    if (!fn) compiled.set(route.schema, (fn = compile(route)))
    return fn
  }
}

export const sharedSchemaCompilers: SchemaController = { compilersFactory: { buildValidator, buildSerializer } }
