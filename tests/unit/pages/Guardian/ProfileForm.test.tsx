/**
 * The guardian's correction form (src/pages/Guardian/ProfileForm.tsx) against a stand-in for fetch: it is
 * filled in from the child's export, sends the guardian's token and the corrected fields, and says each
 * coded refusal in words. The browser test (tests/e2e/guardian.spec.ts) runs it against the real server.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CODE } from '../../../../src/contract/codes'
import { ProfileForm, refusalText } from '../../../../src/pages/Guardian/ProfileForm'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const EXPORT = { exportedFor: 'child-1', profile: { name: '郑小雨', grade: '六年级', className: '3班', birth: { year: 2014, month: 5 } } }
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fetch that answers the export, then `answer` for the PUT; records what was sent. */
function stand(answer: () => Response) {
  const sent: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string>, body: init.body ? JSON.parse(String(init.body)) : undefined })
      return init.method === 'PUT' ? answer() : json(200, EXPORT)
    }),
  )
  return sent
}

async function open(onSaved = vi.fn()) {
  render(<ProfileForm lang="zh-Hans" token="tok-1" childId="child-1" onSaved={onSaved} onClose={() => {}} />)
  await screen.findByLabelText('孩子的姓名', { selector: 'input' })
  return onSaved
}
const save = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: '保存更正' })))

describe('ProfileForm', () => {
  it('is filled in from the export and sends the corrections with the guardian token', async () => {
    const sent = stand(() => json(200, { code: 0, message: 'ok', data: null }))
    const onSaved = await open()
    expect((screen.getByLabelText('孩子的姓名', { selector: 'input' }) as HTMLInputElement).value).toBe('郑小雨')
    expect(screen.getByRole('button', { name: /出生年月/ }).textContent).toContain('2014-05')
    fireEvent.change(screen.getByLabelText('孩子的姓名', { selector: 'input' }), { target: { value: ' 郑小语 ' } })
    await save()
    const put = sent.find((s) => s.method === 'PUT')!
    expect(put.url).toMatch(/\/guardian\/children\/child-1\/profile$/)
    expect(put.headers['Guardian-Token']).toBe('tok-1')
    expect(put.body).toEqual({ name: '郑小语', grade: '六年级', className: '3班', year: 2014, month: 5 })
    expect(onSaved).toHaveBeenCalledWith('郑小语')
  })

  it('refuses an empty name on the page and sends nothing', async () => {
    const sent = stand(() => json(200, { code: 0, message: 'ok', data: null }))
    const onSaved = await open()
    fireEvent.change(screen.getByLabelText('孩子的姓名', { selector: 'input' }), { target: { value: '   ' } })
    await save()
    expect(screen.getByText('请填写孩子的姓名')).toBeTruthy()
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([])
    expect(onSaved).not.toHaveBeenCalled()
  })

  it('says an ended guardian sign-in in words and stays open', async () => {
    stand(() => json(401, { code: CODE.JWT_INVALID, message: 'guardian: the sign-in ended; sign in again', data: null }))
    const onSaved = await open()
    await save()
    expect((await screen.findByRole('alert')).textContent).toBe('家长页面的登录已过期，请重新登录')
    expect(onSaved).not.toHaveBeenCalled()
  })
})

describe('refusalText', () => {
  it('names each code the correction can meet', () => {
    expect(refusalText('zh-Hans', 401, { code: CODE.JWT_UNAUTHORIZED })).toBe('家长页面的登录已过期，请重新登录')
    expect(refusalText('en', 200, { code: CODE.DATA_EMPTY })).toBe('This account is not in your care, or was deleted')
    expect(refusalText('zh-Hans', 200, { code: CODE.PARAM_INVALID, message: 'birth: not a month and year of birth that can be' })).toBe('出生年月不正确，请重新选择')
    expect(refusalText('zh-Hans', 200, { code: CODE.PARAM_INVALID, message: 'name: is required' })).toBe('请填写孩子的姓名')
    expect(refusalText('zh-Hans', 200, { code: CODE.PARAM_INVALID, message: 'grade: too long' })).toBe('填写的内容有误，请检查后重试')
    expect(refusalText('zh-Hans', 429, { code: CODE.TOO_MANY_REQUESTS, data: { retryAfter: 42 } })).toBe('操作太频繁，请 42 秒后再试')
  })
})
