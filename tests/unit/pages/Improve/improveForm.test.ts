// @vitest-environment node
/** Improve's reducer and what it works out from the state (src/pages/Improve/improveForm.ts), at their edges. */
import { describe, expect, it } from 'vitest'
import {
  chosenOrg,
  improveBody,
  improveChecks,
  improveReducer,
  invitedOrg,
  isPlainEdit,
  restoredForm,
  shownVerdict,
  type DraftKey,
  type ImproveEvent,
  type ImproveState,
} from '../../../../src/pages/Improve/improveForm'

const noDrafts = () => ''
const drafts =
  (d: Partial<Record<DraftKey, string>>) =>
  (key: DraftKey): string =>
    d[key] ?? ''
const fresh = (over: Partial<ImproveState> = {}): ImproveState => ({ ...restoredForm(undefined, null, noDrafts), ...over })
const run = (state: ImproveState, ...events: ImproveEvent[]) => events.reduce(improveReducer, state)
const KNOWN = { known: true as const, inviterName: '王小明', org: { code: 'DEMO', name: '示范学校' } }

describe('the form as it opens', () => {
  it('starts empty, nothing picked, not busy', () => {
    expect(fresh()).toEqual({ name: '', grade: -1, klass: -1, orgCode: '', birth: '', invite: '', inviteToCheck: { code: '' }, verdict: null, changingOrg: false, busy: false })
  })

  it('takes the saved profile, with any draft over it, grade and class in either language', () => {
    const saved = { name: '李雷', grade: '三年级', className: '2班', org: { code: 'SAVED' } }
    expect(restoredForm(undefined, saved, noDrafts)).toMatchObject({ name: '李雷', grade: 2, klass: 1, orgCode: 'SAVED' })
    const over = restoredForm(undefined, saved, drafts({ name: '韩梅梅', grade: 'Grade 1', orgCode: 'DRAFT', birth: '2012-05' }))
    expect(over).toMatchObject({ name: '韩梅梅', grade: 0, klass: 1, orgCode: 'DRAFT', birth: '2012-05' })
  })

  it('a saved profile of another shape gives nothing rather than a wrong value', () => {
    expect(restoredForm(undefined, { name: 7, grade: null, org: null }, noDrafts)).toMatchObject({ name: '', grade: -1, orgCode: '' })
  })

  it('the link’s invitation comes before a drafted one, and either is checked once as it opens', () => {
    expect(restoredForm('ab12', null, drafts({ invite: 'OLD' }))).toMatchObject({ invite: 'ab12', inviteToCheck: { code: 'AB12' } })
    expect(restoredForm(undefined, null, drafts({ invite: 'old' }))).toMatchObject({ invite: 'old', inviteToCheck: { code: 'OLD' } })
    expect(restoredForm('', null, drafts({ invite: 'old' })).inviteToCheck).toEqual({ code: 'OLD' })
  })
})

describe('the invitation code', () => {
  it('is checked when the field is left, again each time while no verdict is shown', () => {
    const typed = run(fresh(), { type: 'typed', field: 'invite', value: 'ab12' })
    const left = run(typed, { type: 'inviteLeft' })
    expect(left.inviteToCheck).toEqual({ code: 'AB12' })
    const again = run(left, { type: 'inviteLeft' })
    expect(again.inviteToCheck).toEqual({ code: 'AB12' })
    expect(again.inviteToCheck).not.toBe(left.inviteToCheck)
  })

  it('a verdict shown for the code in the field is not asked again', () => {
    const checked = run(fresh({ invite: 'AB12' }), { type: 'inviteChecked', code: 'AB12', verdict: KNOWN })
    expect(run(checked, { type: 'inviteLeft' })).toBe(checked)
  })

  it('a verdict speaks only of its code: typing another hides it, typing it back shows it', () => {
    const checked = run(fresh({ invite: 'ab12' }), { type: 'inviteChecked', code: 'AB12', verdict: KNOWN })
    expect(shownVerdict(checked)).toMatchObject({ known: true, code: 'AB12' })
    const other = run(checked, { type: 'typed', field: 'invite', value: 'AB1' })
    expect(shownVerdict(other)).toBeNull()
    expect(shownVerdict(run(other, { type: 'typed', field: 'invite', value: 'ab12 ' }))).not.toBeNull()
  })

  it('no verdict when the server could not say', () => {
    expect(run(fresh({ invite: 'AB12' }), { type: 'inviteChecked', code: 'AB12', verdict: null }).verdict).toBeNull()
  })
})

describe('the organisation an invitation brings', () => {
  const invited = (over: Partial<ImproveState> = {}) => run(fresh({ invite: 'AB12', ...over }), { type: 'inviteChecked', code: 'AB12', verdict: KNOWN })

  it('is taken when nothing (or its own code, in any case) is typed', () => {
    expect(invitedOrg(invited(), false)).toEqual(KNOWN.org)
    expect(invitedOrg(invited({ orgCode: ' demo ' }), false)).toEqual(KNOWN.org)
    expect(chosenOrg(invited(), false)).toBe('DEMO')
  })

  it('is not, once another code is typed, the student chose to change it, or the profile is edited', () => {
    expect(invitedOrg(invited({ orgCode: 'OTHER' }), false)).toBeNull()
    expect(chosenOrg(invited({ orgCode: 'OTHER' }), false)).toBe('OTHER')
    const changing = run(invited(), { type: 'orgChangeChosen', code: 'DEMO' })
    expect(changing).toMatchObject({ orgCode: 'DEMO', changingOrg: true })
    expect(invitedOrg(changing, false)).toBeNull()
    expect(invitedOrg(invited(), true)).toBeNull()
    expect(chosenOrg(invited(), true)).toBe('')
  })

  it('an unknown code, or a known one without an organisation, brings none', () => {
    expect(invitedOrg(run(fresh({ invite: 'X' }), { type: 'inviteChecked', code: 'X', verdict: { known: false } }), false)).toBeNull()
    expect(invitedOrg(run(fresh({ invite: 'X' }), { type: 'inviteChecked', code: 'X', verdict: { ...KNOWN, org: null } }), false)).toBeNull()
  })
})

describe('before sending', () => {
  const filled = fresh({ name: ' 李雷 ', grade: 2, klass: 0, orgCode: 'demo', birth: '2012-05' })

  it('every field is asked for; the month of birth only when the profile is first made', () => {
    expect(improveChecks(fresh(), false)).toEqual({ name: 'required', grade: 'required', className: 'required', orgCode: 'required', birth: 'required' })
    expect(improveChecks(fresh(), true).birth).toBeUndefined()
    expect(improveChecks(filled, false)).toEqual({ name: undefined, grade: undefined, className: undefined, orgCode: undefined, birth: undefined })
    expect(improveChecks({ ...filled, birth: '2012' }, false).birth).toBe('required')
    expect(improveChecks({ ...filled, name: 'x'.repeat(33) }, false).name).toBe('tooLong')
  })

  it('the registration way sends trimmed values, codes in capitals, and the month of birth only the first time', () => {
    expect(improveBody({ ...filled, invite: ' ab12 ' }, 'zh-Hans', false)).toEqual({
      name: '李雷',
      grade: '三年级',
      className: '1班',
      orgCode: 'DEMO',
      inviteCode: 'AB12',
      birth: { year: 2012, month: 5 },
    })
    expect(improveBody(filled, 'en', true)).toEqual({ name: '李雷', grade: 'Grade 3', className: 'Class 1', orgCode: 'DEMO' })
  })

  it('an edit in the same organisation without an invitation is a plain write; anything else registers again', () => {
    expect(isPlainEdit(filled, true, 'DEMO')).toBe(true)
    expect(isPlainEdit(filled, true, 'Demo')).toBe(true)
    expect(isPlainEdit(filled, true, 'OTHER')).toBe(false)
    expect(isPlainEdit({ ...filled, invite: 'AB12' }, true, 'DEMO')).toBe(false)
    expect(isPlainEdit(filled, false, 'DEMO')).toBe(false)
  })

  it('sending makes the form busy until it settles', () => {
    expect(run(filled, { type: 'sent' }).busy).toBe(true)
    expect(run(filled, { type: 'sent' }, { type: 'settled' }).busy).toBe(false)
  })
})
