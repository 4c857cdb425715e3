/**
 * Every /api route declares its HTTP 200 answer (src/contract/schemas/): a typed schema all the way down,
 * so the serializer sends exactly the declared fields, and one that takes the refusal envelope too, since
 * business refusals travel as HTTP 200.
 */
import type { RouteOptions } from 'fastify'
import { Value } from '@sinclair/typebox/value'
import type { TSchema } from '@sinclair/typebox'
import { describe, expect, it, vi } from 'vitest'
import { added } from '../support/added-routes'
import { makeApp } from '../support/helpers'

vi.mock('fastify', async (original) => (await import('../support/added-routes')).recordingFastify(await original()))

type Node = Record<string, unknown>

/** Paths inside `schema` that say nothing about their value (`{}`, Type.Any, Type.Unknown). */
function untyped(schema: unknown, at = '#'): string[] {
  const s = schema as Node
  if (!s || typeof s !== 'object') return [at]
  const said = 'type' in s || 'anyOf' in s || 'const' in s || 'enum' in s
  const out = said ? [] : [at]
  for (const [i, branch] of ((s.anyOf as unknown[]) ?? []).entries()) out.push(...untyped(branch, `${at}/anyOf/${i}`))
  for (const [k, v] of Object.entries((s.properties as Node) ?? {})) out.push(...untyped(v, `${at}/${k}`))
  if (s.items) out.push(...untyped(s.items, `${at}/items`))
  return out
}

const apiRoutes = () => added.filter((r) => r.url.startsWith('/api/'))
const answerOf = (r: RouteOptions): unknown => (r.schema?.response as Record<string, unknown> | undefined)?.['200']

describe('response schemas', () => {
  it('every /api route declares a typed HTTP 200 answer', async () => {
    await makeApp()
    const routes = apiRoutes()
    // The areas of server/routes and the broker's calls, at the least.
    expect(routes.length).toBeGreaterThan(40)
    const missing = routes.filter((r) => answerOf(r) === undefined).map((r) => `${String(r.method)} ${r.url}`)
    expect(missing).toEqual([])
    const loose = routes.flatMap((r) => untyped(answerOf(r)).map((p) => `${String(r.method)} ${r.url} ${p}`))
    expect(loose).toEqual([])
  })

  // The broker's own calls too: a body their schema refuses is answered in the envelope by the error handler.
  it('every answer takes the refusal envelope that business errors travel in', async () => {
    await makeApp()
    const refusals = [
      { code: 100002, msg: 'name: is required', data: null },
      { code: 100003, msg: 'too many requests', data: { retryAfter: 30, reason: 'upload-quota' } },
      { code: 200002, msg: 'password invalid', data: { triesLeft: 2 } },
    ]
    const refused = apiRoutes().filter((r) => refusals.some((f) => !Value.Check(answerOf(r) as TSchema, f))).map((r) => `${String(r.method)} ${r.url}`)
    expect(refused).toEqual([])
  })
})
