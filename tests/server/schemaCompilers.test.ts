/**
 * The compiled validators and serializers shared by the apps of one process (server/schemaCompilers.ts): a
 * schema object compiles once, and what it compiles to still checks and writes as Fastify's own would.
 */
import { describe, expect, it } from 'vitest'
import { sharedSchemaCompilers } from '../../server/schemaCompilers'
import { SCHEMAS } from '../../src/contract/schemas/routes'

const { buildValidator, buildSerializer } = sharedSchemaCompilers.compilersFactory!
const login = SCHEMAS.login
const ok = (login.response as Record<number, object>)[200]!

describe('schema compilers shared by every app of a process', () => {
  it('a second app gets the first one’s validator for the same schema, and it still validates', () => {
    const first = buildValidator!({}, { customOptions: {} } as never)({ schema: login.body, method: 'POST', url: '/api/login', httpPart: 'body' })
    const second = buildValidator!({}, { customOptions: {} } as never)({ schema: login.body, method: 'POST', url: '/api/login', httpPart: 'body' })
    expect(second).toBe(first)
    expect(first({ username: 13800138000 })).toBe(false)
  })

  it('a second app gets the first one’s serializer for the same schema; another schema or other options compile afresh', () => {
    const compile = (options: object, schema: object) => buildSerializer!({}, options)({ schema, method: 'POST', url: '/api/login', httpStatus: '200' }) as (data: unknown) => string
    const first = compile({}, ok)
    expect(compile({}, ok)).toBe(first)
    expect(compile({}, { ...ok })).not.toBe(first)
    expect(compile({ rounding: 'floor' }, ok)).not.toBe(first)
    // What the schema does not name is left out, as fast-json-stringify does.
    expect(JSON.parse(first({ code: 0, msg: 'ok', data: { token: 't', refreshToken: 'r', secret: 's' } }))).not.toHaveProperty('data.secret')
  })
})
