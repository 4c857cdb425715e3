// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { PAGES, pageByName, type PageRow } from '../../../../manifest/pages'
import { afterLoginTarget, decide, fileRedirectTarget } from '../../../../src/lib/auth/guard'

const page = (name: string): PageRow => {
  const p = pageByName(name)
  if (!p) throw new Error(`no page ${name}`)
  return p
}

describe('guard (docs/product.md "Pages")', () => {
  it('lets anyone open a public page', () => {
    for (const p of PAGES.filter((r) => r.access === 'public' && r.name !== 'Login')) {
      expect(decide(p, '', false)).toEqual({ kind: 'allow' })
      expect(decide(p, 'id=1', true)).toEqual({ kind: 'allow' })
    }
  })

  it('sends a logged-out visitor of a login page to Login with the redirect query, and remembers the target', () => {
    expect(decide(page('Create'), 'id=7', false)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=Create&query=id%3D7',
      remember: { name: 'Create', query: 'id=7' },
    })
  })

  it('encodes a multi-parameter query as one value', () => {
    const d = decide(page('Invite'), 'a=1&b=x y', false)
    expect(d).toMatchObject({ kind: 'redirect', to: '/login?redirect=Invite&query=a%3D1%26b%3Dx+y' })
  })

  it('keeps an empty query empty', () => {
    expect(decide(page('ReportHistory'), '', false)).toMatchObject({ to: '/login?redirect=ReportHistory&query=' })
  })

  it('lets a logged-in user open a login page', () => {
    for (const p of PAGES.filter((r) => r.access === 'login')) expect(decide(p, '', true)).toEqual({ kind: 'allow' })
  })

  it('sends a logged-in user who opens Login to Home', () => {
    expect(decide(page('Login'), '', true)).toEqual({ kind: 'redirect', to: '/home' })
  })

  it('shows Login to a logged-out user', () => {
    expect(decide(page('Login'), 'redirect=Create', false)).toEqual({ kind: 'allow' })
  })

  it('after login goes to the remembered route with its query', () => {
    expect(afterLoginTarget({ name: 'Create', query: 'id=7' })).toBe('/2023/create?id=7')
    expect(afterLoginTarget({ name: 'Invite', query: '' })).toBe('/invite')
  })

  it('after login falls back to the redirect query, then Home', () => {
    expect(afterLoginTarget(null, 'redirect=ReportHistory&query=x%3D1')).toBe('/2023/history?x=1')
    expect(afterLoginTarget(null, '')).toBe('/home')
    expect(afterLoginTarget({ name: 'NoSuchPage', query: '' })).toBe('/home')
    expect(afterLoginTarget({ name: 'Login', query: '' })).toBe('/home')
  })

  it('maps a page-file path to the short path keeping the query', () => {
    expect(fileRedirectTarget(page('shareOpus'), 'id=demo-opus')).toBe('/share/opus?id=demo-opus')
    expect(fileRedirectTarget(page('Login'), '')).toBe('/login')
  })
})

describe('page table', () => {
  it('has the 18 pages of docs/product.md "Pages" plus Settings, Task, Notifications, Consent, Guardian and Teacher, with unique names and paths', () => {
    expect(PAGES).toHaveLength(24)
    expect(new Set(PAGES.map((p) => p.name)).size).toBe(24)
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(24)
  })

  it('marks exactly Create, ReportHistory, Invite, Settings, Task, Notifications, Consent, Teacher and Home as login-only', () => {
    expect(PAGES.filter((p) => p.access === 'login').map((p) => p.name).sort()).toEqual(['Consent', 'Create', 'Home', 'Invite', 'Notifications', 'ReportHistory', 'Settings', 'Task', 'Teacher'])
  })

  it('prefers portrait except Login (auto) and Home (landscape)', () => {
    for (const p of PAGES) {
      const expected = p.name === 'Login' ? 'auto' : p.name === 'Home' ? 'landscape' : 'portrait'
      expect(p.orientation, p.name).toBe(expected)
    }
  })
})
