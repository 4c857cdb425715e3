/**
 * The API description: an OpenAPI 3.1 document generated from the route table (src/contract/routes.ts),
 * its schemas (src/contract/schemas/routes.ts) and their summaries and codes
 * (src/contract/schemas/summaries.ts). `npm run docs:openapi` writes it to docs/openapi.json (a test fails
 * while that file differs), and with API_DOCS=1 the server answers it at /api/openapi.json.
 *
 * Business refusals travel as HTTP 200 envelopes (docs/contract.md), so HTTP statuses say little: each
 * operation lists the codes it may answer in `x-codes`.
 */
import type { TSchema } from '@sinclair/typebox'
import { CODE, CODE_MESSAGE, TOKEN_CODES, type BusinessCode } from '../src/contract/codes'
import { isRecord } from '../src/contract/guards'
import type { Route } from '../src/contract/route'
import { ROUTES } from '../src/contract/routes'
import { Failure } from '../src/contract/schemas/common'
import { SCHEMAS, type RouteSchema } from '../src/contract/schemas/routes'
import { SUMMARIES, type RouteDoc } from '../src/contract/schemas/summaries'

type Json = Record<string, unknown>

const FAILURE_REF = { $ref: '#/components/schemas/Failure' }
const FAILURE_JSON = JSON.stringify(Failure)

/**
 * A TypeBox schema as plain JSON Schema (TypeBox's own marks are symbols, which JSON leaves out), with the
 * refusal every answer shares as a reference to its one copy.
 */
const plain = (schema: TSchema): Json =>
  JSON.parse(JSON.stringify(schema, (_key, value: unknown) => (isRecord(value) && JSON.stringify(value) === FAILURE_JSON ? FAILURE_REF : value))) as Json

/** Query or path parameters from an object schema's properties. */
function parameters(schema: TSchema | undefined, where: 'query' | 'path'): Json[] {
  if (!schema) return []
  const s = plain(schema) as { properties?: Record<string, Json>; required?: string[] }
  return Object.entries(s.properties ?? {}).map(([name, p]) => ({
    name,
    in: where,
    required: where === 'path' || (s.required ?? []).includes(name),
    ...(typeof p.description === 'string' ? { description: p.description } : {}),
    schema: p,
  }))
}

const SESSION = new Set(['token', 'session', 'account'])

/** The codes a route answers: those of its access and input, and its own. */
function codesOf(r: Route, s: RouteSchema, doc: RouteDoc): { code: number; msg: string }[] {
  const codes = new Set<BusinessCode>([CODE.OK, CODE.TOO_MANY_REQUESTS, CODE.SERVICE_ERROR, ...doc.codes])
  if (s.body || s.querystring || s.params || doc.form) codes.add(CODE.PARAM_INVALID)
  if (SESSION.has(r.access) || r.access === 'refresh' || doc.guardian) for (const c of TOKEN_CODES) codes.add(c)
  if (r.access === 'signed') codes.add(CODE.SIGN_INVALID)
  return [...codes].sort((a, b) => a - b).map((code) => ({ code, msg: CODE_MESSAGE[code] }))
}

function security(r: Route, doc: RouteDoc): Json[] {
  if (doc.guardian) return [{ guardianToken: [] }]
  if (r.access === 'refresh') return [{ refreshToken: [] }]
  if (SESSION.has(r.access)) return [{ accessToken: [] }]
  if (r.access === 'signed') return [{ sign: [] }]
  return []
}

export class OpenApiError extends Error {
  override name = 'OpenApiError'
}

/**
 * The document for `table`. Throws, naming every route, when an entry has no summary, no codes or no
 * answer schema: the description must not leave a route out.
 */
export function openApiDocument(
  table: Readonly<Record<string, Route>> = ROUTES,
  schemas: Readonly<Record<string, RouteSchema | undefined>> = SCHEMAS,
  summaries: Readonly<Record<string, RouteDoc | undefined>> = SUMMARIES,
): Json {
  const problems: string[] = []
  const paths: Record<string, Record<string, Json>> = {}
  for (const [name, r] of Object.entries(table)) {
    const where = `${name} (${r.method} /api${r.path})`
    const doc = summaries[name]
    const s = schemas[name]
    if (!doc?.summary) problems.push(`${where} has no summary: add { summary, codes } under '${name}' to SUMMARIES in src/contract/schemas/summaries.ts`)
    if (doc && !Array.isArray(doc.codes)) problems.push(`${where} lists no codes in SUMMARIES (src/contract/schemas/summaries.ts)`)
    if (!s?.response?.[200]) problems.push(`${where} has no answer schema: add it under '${name}' to SCHEMAS in src/contract/schemas/routes.ts`)
    if (!doc?.summary || !s?.response?.[200] || !Array.isArray(doc.codes)) continue

    const answer = plain(s.response[200])
    const content: Json = doc.file ? { [doc.file]: { schema: { type: 'string', contentMediaType: doc.file } }, 'application/json': { schema: answer } } : { 'application/json': { schema: answer } }
    const refusal = (description: string) => ({ description, content: { 'application/json': { schema: FAILURE_REF } } })
    const responses: Json = {
      '200': { description: doc.file ? `the file; a refusal is an envelope with its code (x-codes)` : 'the envelope `{ code, msg, data }`: code 0 with the data, or a refusal with its code (x-codes)', content },
      '429': refusal('a rate limit refused the call (code 100003, `data.retryAfter` in seconds)'),
    }
    if (security(r, doc).length && r.access !== 'signed') responses['401'] = refusal('no valid token (codes 300001–300003)')
    const body = s.body
      ? { required: true, content: { 'application/json': { schema: plain(s.body) } } }
      : doc.form
        ? {
            required: true,
            content: {
              'multipart/form-data': {
                schema: { type: 'object', required: Object.keys(doc.form), properties: Object.fromEntries(Object.entries(doc.form).map(([k, d]) => [k, { type: 'string', description: d }])) },
              },
            },
          }
        : undefined
    const path = `/${r.path.replace(/^\//, '')}`.replace(/:(\w+)/g, '{$1}')
    paths[path] ??= {}
    paths[path][r.method.toLowerCase()] = {
      operationId: name,
      summary: doc.summary,
      ...(r.devOnly ? { description: 'Served only outside production.' } : r.servedWhen ? { description: `Served only when ${r.servedWhen}=1.` } : {}),
      security: security(r, doc),
      parameters: [...parameters(s.params, 'path'), ...parameters(s.querystring, 'query')],
      ...(body ? { requestBody: body } : {}),
      responses,
      'x-codes': codesOf(r, s, doc),
    }
  }
  for (const name of Object.keys(summaries)) if (!(name in table)) problems.push(`SUMMARIES has '${name}', which the route table does not`)
  if (problems.length) throw new OpenApiError(`the API description cannot be made:\n  ${problems.join('\n  ')}`)

  return {
    openapi: '3.1.0',
    info: {
      title: 'Habor API',
      version: '1',
      description:
        'The API of the Habor reading app (docs/contract.md). Every answer is an HTTP 200 envelope `{ code, msg, data }` unless a file: code 0 is success, any other a refusal, whose codes each operation lists in `x-codes`. Token problems travel as HTTP 401, rate limits as HTTP 429, both with the envelope.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/api', description: 'this server' }],
    paths,
    components: {
      schemas: { Failure: JSON.parse(FAILURE_JSON) as Json },
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "the access token of a sign-in (or a registration step's temporary one); a signed-in session's calls also send Org-ID and Student-ID" },
        refreshToken: { type: 'http', scheme: 'bearer', description: 'the refresh token' },
        guardianToken: { type: 'apiKey', in: 'header', name: 'Guardian-Token', description: "the token of a guardian's sign-in" },
        sign: { type: 'apiKey', in: 'header', name: 'Sign', description: 'the signature of a signed call (src/contract/sign.ts), with timestamp and nonce in the body' },
      },
    },
  }
}
