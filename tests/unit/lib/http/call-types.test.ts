// @vitest-environment node
/**
 * The call helper's types (lib/http call()): what an entry of the route table takes and answers is what the
 * compiler lets a caller send and read. Checked by `npm run typecheck` (tests/unit is in its project);
 * the run-time part only proves the file loads. Negative cases are `@ts-expect-error`: the line must
 * not compile, or the typecheck fails.
 */
import type { Static } from '@sinclair/typebox'
import { describe, expectTypeOf, it } from 'vitest'
import { API, type CallOf, type LoginBody, type StudentProfile, type TokenPair } from '../../../../src/contract'
import { CALLS } from '../../../../src/contract/calls'
import { SERVED } from '../../../../src/contract/served'
import type { OwnerReport, ReportUpdateBody } from '../../../../src/contract/report'
import type { InboxPage } from '../../../../src/contract/inbox'
import type { RouteName, RouteTable } from '../../../../src/contract/routes'
import type * as S from '../../../../src/contract/schemas/api'
import type { Schemas } from '../../../../src/contract/schemas/routes'
import { call } from '../../../../src/lib/http'

// Never called: the calls below exist for the compiler only.
const typesOnly = false as boolean

describe('call() is typed by the route table', () => {
  it('answers the entry data type', () => {
    expectTypeOf(call<LoginBody, undefined, TokenPair, undefined>).returns.resolves.toEqualTypeOf<TokenPair>()
    if (typesOnly) {
      expectTypeOf(call(API.student, { query: { appId: 'a' } })).resolves.toEqualTypeOf<StudentProfile>()
      expectTypeOf(call(CALLS.updateReport, { params: { id: 'r' }, body: { shareable: true } })).resolves.toEqualTypeOf<OwnerReport>()
      expectTypeOf(call(CALLS.inbox, { query: { limit: 5 } })).resolves.toEqualTypeOf<InboxPage>()
      expectTypeOf(call(API.logout, { body: {} })).resolves.toBeNull()
    }
  })

  it('takes the body, query and path segments the entry names, and nothing else', () => {
    expectTypeOf(call<ReportUpdateBody, undefined, OwnerReport, { id: string }>).parameter(1).toHaveProperty('params').toEqualTypeOf<{ id: string }>()
    if (typesOnly) {
      // @ts-expect-error a body call without its body
      void call(API.login, {})
      // @ts-expect-error a body of another call
      void call(API.login, { body: { username: '13800138000', code: '123456', deviceType: 'browser', deviceCode: 'd', appId: 'a' } })
      // @ts-expect-error a call with path segments needs them
      void call(CALLS.report, {})
      // @ts-expect-error a segment the path does not have
      void call(CALLS.report, { params: { reportId: 'r' } })
      // @ts-expect-error a call without a body takes none
      void call(CALLS.desk, { body: { x: 1 } })
      // @ts-expect-error a call without a query takes none
      void call(CALLS.desk, { query: { page: 1 } })
      // @ts-expect-error the query's own fields only
      void call(API.oauthUrl, { query: { redirect: 'x' } })
    }
  })

  it('entries keep their literal method and access for the server to register', () => {
    expectTypeOf(API.login.method).toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'DELETE'>()
    expectTypeOf(CALLS.desk.access).toEqualTypeOf<'public' | 'signed' | 'refresh' | 'token' | 'session' | 'account'>()
  })

  it("an entry's types are its schemas' (schemas/routes.ts), not picked by hand", () => {
    // The names whose entry says other than the schemas under the same name: none.
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
    type Drift = { [K in RouteName]: Same<RouteTable[K], CallOf<K>> extends true ? never : K }[RouteName]
    expectTypeOf<Drift>().toBeNever()
    expectTypeOf<keyof Schemas>().toEqualTypeOf<RouteName>()
    // GET /auth/student: the schema makes appId optional, so a call may leave it out (it was once typed required).
    expectTypeOf(API.student.query).toEqualTypeOf<Static<typeof S.StudentQuery> | undefined>()
    expectTypeOf<NonNullable<typeof API.student.query>>().toEqualTypeOf<{ appId?: string }>()
    expectTypeOf(API.student.data).toEqualTypeOf<Static<typeof S.StudentProfile> | undefined>()
    // A success without data answers null; a file's bytes are not typed.
    expectTypeOf(CALLS.cardDelete.data).toEqualTypeOf<null | undefined>()
    expectTypeOf(SERVED.cardAudio.data).toEqualTypeOf<unknown>()
    if (typesOnly) {
      void call(API.student, { query: {} })
      // @ts-expect-error the query's own fields only
      void call(API.student, { query: { appID: 'a' } })
    }
  })
})
