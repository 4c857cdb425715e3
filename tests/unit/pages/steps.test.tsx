/** The sign-in steps that need a session (Bind, Password, Improve): without one they lead to Login; Password's two modes. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pageByName } from '../../../manifest/pages'
import { setLang } from '../../../src/state/app'
import { openAt, registerWith, signIn } from '../support/pageFakes'

const { default: Bind } = await import('../../../src/pages/Bind/Bind')
const { default: Password } = await import('../../../src/pages/Password/Password')
const { default: Improve } = await import('../../../src/pages/Improve/Improve')

beforeEach(() => openAt('/bind'))
afterEach(cleanup)

const PROFILE = { id: 'u1', studentId: 's1', name: 'Li Hua', org: null, orgList: [], roleList: ['student'], permList: [] }

describe('a step opened without its session', () => {
  it.each([
    ['Bind', Bind, '绑定已失效，请重新登录'],
    ['Password', Password, '请先登录或完成验证码注册'],
    ['Improve', Improve, '请先登录'],
  ] as const)('%s says so and leads to Login', async (name, Page, text) => {
    render(<Page page={pageByName(name)!} query={{}} />)
    expect(screen.getByText(text)).toBeTruthy()
    expect(screen.queryByRole('textbox')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '去登录' }))
    })
    expect(location.pathname).toBe('/login')
  })

  it('in English too', () => {
    setLang('en')
    render(<Bind page={pageByName('Bind')!} query={{}} />)
    expect(screen.getByText('This step has expired. Please log in again')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Go to log in' })).toBeTruthy()
  })
})

describe('Password', () => {
  it('right after SMS registration: a new password twice and a skip, no current password', () => {
    registerWith('tmp')
    render(<Password page={pageByName('Password')!} query={{}} />)
    expect(screen.queryByLabelText('当前密码')).toBeNull()
    expect(screen.getByLabelText('新密码').getAttribute('autocomplete')).toBe('new-password')
    expect(screen.getByLabelText('确认新密码').getAttribute('autocomplete')).toBe('new-password')
    expect(screen.getByRole('button', { name: '稍后设置' })).toBeTruthy()
  })

  it('changing an existing password asks for the current one first', async () => {
    signIn({ ...PROFILE, isPassword: true })
    render(<Password page={pageByName('Password')!} query={{}} />)
    expect(screen.getByLabelText('当前密码').getAttribute('autocomplete')).toBe('current-password')
    expect(screen.queryByRole('button', { name: '稍后设置' })).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存密码' }))
    })
    for (const text of ['请输入密码', '请输入新密码', '请再次输入新密码']) expect(screen.getByText(text)).toBeTruthy()
  })
})
