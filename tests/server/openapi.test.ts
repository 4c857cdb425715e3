/**
 * The API description (server/openapi.ts): docs/openapi.json is the route table's, it passes Redocly's lint
 * with our rules (redocly.yaml), a route without its summary cannot be described, and API_DOCS=1 serves it.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openApiDocument } from '../../server/openapi'
import { spec } from '../../src/contract/route'
import { ROUTES, type RouteName } from '../../src/contract/routes'
import { FileAnswer } from '../../src/contract/schemas/common'
import { SCHEMAS } from '../../src/contract/schemas/routes'
import { SUMMARIES, type RouteDoc } from '../../src/contract/schemas/summaries'
import { call, makeApp } from './support/helpers'

const ROOT = join(import.meta.dirname, '..', '..')
const FILE = join(ROOT, 'docs', 'openapi.json')

type Operation = { operationId: string; summary?: string; 'x-codes'?: { code: number; msg: string }[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }
const operations = (doc: Record<string, unknown>): Operation[] => Object.values(doc.paths as Record<string, Record<string, Operation>>).flatMap((p) => Object.values(p))

/** Redocly's lint of `file` with the project's configuration. */
function redocly(file: string) {
  const r = spawnSync(join(ROOT, 'node_modules', '.bin', 'redocly'), ['lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'stylish', file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  })
  return { status: r.status, output: `${r.stdout}${r.stderr}` }
}

describe('the API description', () => {
  it('docs/openapi.json is the one the route table makes (npm run docs:openapi writes it)', () => {
    expect(readFileSync(FILE, 'utf8'), 'docs/openapi.json is stale: run npm run docs:openapi').toBe(`${JSON.stringify(openApiDocument(), null, 2)}\n`)
  })

  it('describes every route of the table with its summary, its answer schema and its business codes', () => {
    const doc = openApiDocument()
    const ops = operations(doc)
    expect(ops.map((o) => o.operationId).sort()).toEqual(Object.keys(ROUTES).sort())
    for (const o of ops) {
      expect(o.summary, o.operationId).toBeTruthy()
      expect(o.responses['200']?.content?.['application/json']?.schema, o.operationId).toBeDefined()
      const codes = o['x-codes']!.map((c) => c.code)
      expect(codes, o.operationId).toEqual(expect.arrayContaining([0, 100003]))
    }
    const byId = new Map(ops.map((o) => [o.operationId, o]))
    // A route's own codes, and those of its access (a token's 3000xx, a signature's 30004).
    expect(byId.get('login')!['x-codes']!.map((c) => c.code)).toEqual(expect.arrayContaining([100002, 200002, 200003]))
    expect(byId.get('student')!['x-codes']!.map((c) => c.code)).toEqual(expect.arrayContaining([300001, 300002, 300003]))
    expect(byId.get('weixinJsInit')!['x-codes']!.map((c) => c.code)).toContain(30004)
    expect(byId.get('login')!['x-codes']!.find((c) => c.code === 200002)).toEqual({ code: 200002, msg: 'password invalid' })
  })

  it('passes the OpenAPI lint with our rules, which refuse an operation without a summary, codes or an answer schema', () => {
    const clean = redocly(FILE)
    expect(clean.output).toContain('Your API description is valid')
    expect(clean.status).toBe(0)

    const doc = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>
    const paths = doc.paths as Record<string, Record<string, Operation>>
    delete paths['/login']!.post!.summary
    delete paths['/health']!.get!['x-codes']
    delete paths['/cards']!.get!.responses['200']!.content!['application/json']!.schema
    const dir = mkdtempSync(join(tmpdir(), 'habor-openapi-'))
    try {
      const broken = join(dir, 'openapi.json')
      writeFileSync(broken, JSON.stringify(doc))
      const r = redocly(broken)
      expect(r.status).not.toBe(0)
      expect(r.output).toContain('operation-summary')
      expect(r.output).toContain('rule/operation-x-codes')
      expect(r.output).toContain('rule/answer-schema')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('a route added to the table without its summary cannot be described, and says where the summary goes', () => {
    const table = { ...ROUTES, classImport: spec('POST', '/classes/import', 'account') }
    const schemas = { ...SCHEMAS, classImport: { response: { 200: FileAnswer } } }
    expect(() => openApiDocument(table, schemas, SUMMARIES)).toThrow("classImport (POST /api/classes/import) has no summary: add { summary, codes } under 'classImport' to SUMMARIES in src/contract/schemas/summaries.ts")
    // Nor does it compile: SUMMARIES must name every route of the table.
    // @ts-expect-error SUMMARIES lacks the new route
    const all: Record<RouteName | 'classImport', RouteDoc> = SUMMARIES
    void all
    // And with the summary it is described.
    const withSummary = { ...SUMMARIES, classImport: { summary: 'Import classes', codes: [] } }
    expect(operations(openApiDocument(table, schemas, withSummary)).some((o) => o.operationId === 'classImport')).toBe(true)
  })
})

describe('GET /api/openapi.json', () => {
  it('with API_DOCS=1 answers the description, the same as docs/openapi.json', async () => {
    const { app } = await makeApp({ apiDocs: true })
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(res.json()).toEqual(JSON.parse(readFileSync(FILE, 'utf8')))
  })

  it('is not served without API_DOCS', async () => {
    const { app } = await makeApp()
    const r = await call(app, 'GET', '/openapi.json')
    expect(r.status).toBe(404)
    expect(r.body.code).toBe(100404)
  })
})
