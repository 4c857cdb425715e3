/**
 * Improve's invitation-code check against a fake server: checked when the field is left (and once for a
 * code that came filled in), an unknown code pointed out inline, a known one named, neither stopping the form.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { pageByName } from '../../../../manifest/pages'
import { saveDraft } from '../../../../src/lib/storage/drafts'
import { setLang } from '../../../../src/state/app'
import { dispatch, resetSession, restoreSession, sessionState } from '../../../../src/state/session/machine'
import { setProfile, setSessionTokens } from '../../../../src/state/auth'
import { ok, type Reply, type Sent } from '../../support/http'
import { bodiesTo, fakeServer, openAt, pathOf, queryOf, registerWith, signIn } from '../../support/pageFakes'

const { default: Improve } = await import('../../../../src/pages/Improve/Improve')

const PAGE = pageByName('Improve')!
const PROFILE = {
  id: 'u1',
  studentId: 's1',
  name: 'Li Hua',
  grade: '七年级',
  className: '3班',
  org: { id: 'o1', name: 'Demo School', code: 'DEMO' },
  orgList: [{ id: 'o1', name: 'Demo School', code: 'DEMO' }],
  roleList: ['student'],
  orgRoleList: ['DEMO:student'],
  permList: [],
}
const UNKNOWN: Reply = { body: { code: 100001, msg: 'invitation code not found or no longer valid', data: null } }
const UNKNOWN_TEXT = '没有找到这个邀请码，请检查是否输入正确；不填也可以完成'

beforeEach(() => {
  openAt('/improve')
  // Signed in with a complete profile: the form can be sent as it opens.
  signIn(PROFILE)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const checks = (calls: Sent[]) => calls.filter((s) => pathOf(s) === '/invite/check').map((s) => queryOf(s, 'code'))

/** A server answering the code check with `check(code)`, and the profile calls as they succeed. */
function server(check: (code: string) => Reply | Promise<Reply>) {
  return fakeServer({
    '/invite/check': (s) => check(queryOf(s, 'code') ?? ''),
    '/auth/student/improve': ok({ token: 'T2', refreshToken: 'R2' }),
    '/auth/student': ok(PROFILE),
  })
}

const inviteField = () => screen.getByLabelText('邀请码（选填）') as HTMLInputElement

async function typeAndLeave(value: string) {
  const input = inviteField()
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  await act(async () => {
    fireEvent.blur(input)
  })
}

describe('Improve: the invitation code', () => {
  it('is checked when the field is left, not while typing, and an unknown code is pointed out on the field', async () => {
    const { calls } = server(() => UNKNOWN)
    render(<Improve page={PAGE} query={{}} />)
    const input = inviteField()
    fireEvent.change(input, { target: { value: 'nosuch' } })
    await act(async () => undefined)
    expect(checks(calls)).toEqual([])

    await act(async () => {
      fireEvent.blur(input)
    })
    expect(checks(calls)).toEqual(['NOSUCH'])
    expect(await screen.findByText(UNKNOWN_TEXT)).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText(UNKNOWN_TEXT).getAttribute('role')).toBe('alert')
  })

  it('sends the code as the server stores it: upper-case, without spaces', async () => {
    const { calls } = server(() => ok({ code: 'DEMO2023', inviterName: 'Demo Reader' }))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave(' demo 2023 ')
    expect(checks(calls)).toEqual(['DEMO2023'])
  })

  it('names the inviter of a known code, without marking the field', async () => {
    server(() => ok({ code: 'DEMO2023', inviterName: 'Demo Reader' }))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('DEMO2023')
    expect(await screen.findByText('来自 Demo Reader 的邀请')).toBeTruthy()
    expect(inviteField().getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByText(UNKNOWN_TEXT)).toBeNull()
  })

  it('says a known code is valid when its owner has no name yet', async () => {
    server(() => ok({ code: 'ANON1', inviterName: '' }))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('ANON1')
    expect(await screen.findByText('邀请码有效')).toBeTruthy()
  })

  it('hides the message as soon as the code is changed, and checks the new one when the field is left again', async () => {
    const { calls } = server((code) => (code === 'DEMO2023' ? ok({ code, inviterName: 'Demo Reader' }) : UNKNOWN))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('NOSUCH')
    expect(await screen.findByText(UNKNOWN_TEXT)).toBeTruthy()
    fireEvent.change(inviteField(), { target: { value: 'DEMO202' } })
    expect(screen.queryByText(UNKNOWN_TEXT)).toBeNull()
    expect(inviteField().getAttribute('aria-invalid')).toBeNull()
    await typeAndLeave('DEMO2023')
    expect(await screen.findByText('来自 Demo Reader 的邀请')).toBeTruthy()
    expect(checks(calls)).toEqual(['NOSUCH', 'DEMO2023'])
  })

  it('does not ask again for a code it has an answer for', async () => {
    const { calls } = server(() => UNKNOWN)
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('NOSUCH')
    await screen.findByText(UNKNOWN_TEXT)
    await typeAndLeave('NOSUCH')
    expect(checks(calls)).toEqual(['NOSUCH'])
  })

  it('asks nothing for an empty field', async () => {
    const { calls } = server(() => UNKNOWN)
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('   ')
    expect(checks(calls)).toEqual([])
    expect(screen.queryByText(UNKNOWN_TEXT)).toBeNull()
  })

  it('says nothing when the check cannot be made, and tries again when the field is left again', async () => {
    let offline = true
    const { calls } = server(() => (offline ? 'network-error' : UNKNOWN))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('NOSUCH')
    await act(async () => undefined)
    expect(screen.queryByText(UNKNOWN_TEXT)).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
    offline = false
    await typeAndLeave('NOSUCH')
    expect(await screen.findByText(UNKNOWN_TEXT)).toBeTruthy()
    expect(checks(calls)).toEqual(['NOSUCH', 'NOSUCH'])
  })

  it('ignores an answer about a code that is no longer in the field', async () => {
    let answerOld: (r: Reply) => void = () => undefined
    server((code) => (code === 'OLD' ? new Promise<Reply>((resolve) => (answerOld = resolve)) : ok({ code, inviterName: 'Demo Reader' })))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('OLD')
    await typeAndLeave('DEMO2023')
    expect(await screen.findByText('来自 Demo Reader 的邀请')).toBeTruthy()
    await act(async () => answerOld(UNKNOWN))
    expect(screen.queryByText(UNKNOWN_TEXT)).toBeNull()
    expect(screen.getByText('来自 Demo Reader 的邀请')).toBeTruthy()
  })

  it('checks a code that came with the invitation link once, without waiting for the field to be left', async () => {
    const { calls } = server(() => UNKNOWN)
    render(<Improve page={PAGE} query={{ invite: 'gone1' }} />)
    expect(await screen.findByText(UNKNOWN_TEXT)).toBeTruthy()
    expect(inviteField().value).toBe('gone1')
    expect(checks(calls)).toEqual(['GONE1'])
  })

  it('checks a code kept in the draft the same way', async () => {
    saveDraft('improve.invite', 'DEMO2023')
    const { calls } = server(() => ok({ code: 'DEMO2023', inviterName: 'Demo Reader' }))
    render(<Improve page={PAGE} query={{}} />)
    expect(await screen.findByText('来自 Demo Reader 的邀请')).toBeTruthy()
    expect(checks(calls)).toEqual(['DEMO2023'])
  })

  it('never stops the form: the profile is sent with an unknown code as with a known one', async () => {
    const { calls } = server((code) => (code === 'DEMO2023' ? ok({ code, inviterName: 'Demo Reader' }) : UNKNOWN))
    render(<Improve page={PAGE} query={{}} />)
    await typeAndLeave('nosuch')
    await screen.findByText(UNKNOWN_TEXT)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '保存' }))
    })
    const sent = () => bodiesTo(calls, '/auth/student/improve')
    await vi.waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]!.inviteCode).toBe('NOSUCH')
  })

  it('speaks English', async () => {
    setLang('en')
    server((code) => (code === 'DEMO2023' ? ok({ code, inviterName: 'Demo Reader' }) : UNKNOWN))
    render(<Improve page={PAGE} query={{}} />)
    const input = screen.getByLabelText('Invitation code (optional)')
    fireEvent.change(input, { target: { value: 'NOSUCH' } })
    await act(async () => {
      fireEvent.blur(input)
    })
    expect(await screen.findByText('No invitation has this code. Check it, or leave the field empty')).toBeTruthy()
    fireEvent.change(input, { target: { value: 'DEMO2023' } })
    await act(async () => {
      fireEvent.blur(input)
    })
    expect(await screen.findByText('Invited by Demo Reader')).toBeTruthy()
  })
})

describe('Improve: registering with an invitation', () => {
  const INVITED = ok({ code: 'DEMO2023', inviterName: 'Demo Reader', org: { code: 'ACADEMY', name: 'Demo Academy' } })
  /** A new student between the SMS step and the profile: a temporary token, no profile. */
  function registering() {
    resetSession()
    registerWith('TMP')
    saveDraft('improve.invite', 'DEMO2023')
    for (const [k, v] of [['name', '韩梅梅'], ['grade', '七年级'], ['className', '3班'], ['birth', '2010-05']]) saveDraft(`improve.${k}`, v!)
  }

  it('takes the organisation from the invitation instead of asking for its code, and sends it', async () => {
    registering()
    const { calls } = server(() => INVITED)
    render(<Improve page={PAGE} query={{}} />)
    expect(await screen.findByText('Demo Academy')).toBeTruthy()
    expect(screen.getByText('随 Demo Reader 的邀请加入')).toBeTruthy()
    expect(screen.queryByLabelText('机构代码')).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '完成' }))
    })
    const sent = () => bodiesTo(calls, '/auth/student/improve')
    await vi.waitFor(() => expect(sent()).toHaveLength(1))
    expect(sent()[0]).toMatchObject({ name: '韩梅梅', orgCode: 'ACADEMY', inviteCode: 'DEMO2023' })
  })

  it('lets the student choose another organisation, with the invitation\'s code to start from', async () => {
    registering()
    server(() => INVITED)
    render(<Improve page={PAGE} query={{}} />)
    await screen.findByText('Demo Academy')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '更改 学校或机构' }))
    })
    const field = screen.getByLabelText('机构代码') as HTMLInputElement
    expect(field.value).toBe('ACADEMY')
    expect(screen.queryByText('Demo Academy')).toBeNull()
  })

  it('keeps an organisation code the student already typed, and asks as before', async () => {
    registering()
    saveDraft('improve.orgCode', 'DEMO')
    const { calls } = server(() => INVITED)
    render(<Improve page={PAGE} query={{}} />)
    await vi.waitFor(() => expect(checks(calls)).toEqual(['DEMO2023']))
    await act(async () => undefined)
    expect(screen.queryByText('随 Demo Reader 的邀请加入')).toBeNull()
    expect((screen.getByLabelText('机构代码') as HTMLInputElement).value).toBe('DEMO')
  })

  it('asks for the code as before when the invitation names no organisation', async () => {
    registering()
    server(() => ok({ code: 'DEMO2023', inviterName: 'Demo Reader', org: null }))
    render(<Improve page={PAGE} query={{}} />)
    expect(await screen.findByText('来自 Demo Reader 的邀请')).toBeTruthy()
    expect(screen.getByLabelText('机构代码')).toBeTruthy()
  })
})

describe('Improve: a session that launch found without a profile', () => {
  it('is completed as a registration, not edited, and then enters the app', async () => {
    resetSession()
    // An earlier run cached a user; the server now says the account has no profile.
    setSessionTokens('T', 'R')
    setProfile(PROFILE)
    restoreSession()
    dispatch({ type: 'profileMissing' })
    expect(sessionState.phase).toBe('profilePending')
    for (const [k, v] of [['name', '韩梅梅'], ['grade', '七年级'], ['className', '3班'], ['orgCode', 'DEMO'], ['birth', '2010-05']]) saveDraft(`improve.${k}`, v!)
    const { calls } = server(() => UNKNOWN)
    render(<Improve page={PAGE} query={{}} />)
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull()
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '完成' }))
    })
    await vi.waitFor(() => expect(sessionState.phase).toBe('signedIn'))
    expect(bodiesTo(calls, '/auth/student/improve')).toHaveLength(1)
    expect(location.pathname).toBe('/home')
  })
})
