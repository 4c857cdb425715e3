/**
 * Improve's form as one pure reducer: what the student typed and picked, the invitation code's check and
 * the server's verdict on it, the organisation an invitation brings, and whether the form is being sent.
 * The page dispatches what happened (past tense) and keeps the drafts and the calls; what it sends and what
 * it refuses to send are worked out here, from the state alone (tests/unit/pages/Improve/improveForm.test.ts).
 */
import type { Lang } from '../../../manifest/app'
import { normalizeInviteCode } from '../../contract/invite'
import { classNames, GRADES, indexIn } from '../../i18n/school'
import { checkRequired } from '../../lib/auth/checks'
import type { InviteVerdict } from '../../lib/invite/check'
import type { Checks } from '../../ui/AuthForm/useFormErrors'

export type Field = 'name' | 'grade' | 'className' | 'orgCode' | 'birth'
/** What the page keeps as drafts (`improve.<key>`), as typed or picked. */
export type DraftKey = Field | 'invite'

export interface ImproveState {
  name: string
  /** Index in GRADES (the same in both languages), -1 before one is picked. */
  grade: number
  /** Index in classNames(lang), -1 before one is picked. */
  klass: number
  orgCode: string
  /** 'YYYY-MM', asked when the profile is first made (docs/privacy.md); an edit never asks again. */
  birth: string
  invite: string
  /**
   * The code last left in the field (or brought by the link or a draft), to be checked: a new object each
   * time, so leaving the field again retries a check the network lost.
   */
  inviteToCheck: { code: string }
  /** The server's verdict on the code it was given. */
  verdict: (InviteVerdict & { code: string }) | null
  /** The student chose another organisation than the invitation's. */
  changingOrg: boolean
  busy: boolean
}

export type ImproveEvent =
  | { type: 'typed'; field: 'name' | 'orgCode' | 'invite'; value: string }
  | { type: 'gradePicked'; index: number }
  | { type: 'classPicked'; index: number }
  | { type: 'birthPicked'; value: string }
  /** The invitation field was left: its code is checked, unless a verdict on it is already shown. */
  | { type: 'inviteLeft' }
  | { type: 'inviteChecked'; code: string; verdict: InviteVerdict | null }
  /** The student will type another organisation than the invitation's, starting from its code. */
  | { type: 'orgChangeChosen'; code: string }
  | { type: 'sent' }
  | { type: 'settled' }

/** The saved profile's fields the form starts from. */
export interface SavedProfile {
  name?: unknown
  grade?: unknown
  className?: unknown
  org?: { code?: unknown } | null
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The saved profile first, then any unsent draft over it; the link's invitation before a drafted one. */
export function restoredForm(linkInvite: string | undefined, saved: SavedProfile | null | undefined, draft: (key: DraftKey) => string): ImproveState {
  const invite = linkInvite || draft('invite')
  return {
    name: draft('name') || str(saved?.name),
    grade: indexIn([GRADES['zh-Hans'], GRADES.en], draft('grade') || str(saved?.grade)),
    klass: indexIn([classNames('zh-Hans'), classNames('en')], draft('className') || str(saved?.className)),
    orgCode: draft('orgCode') || str(saved?.org?.code),
    birth: draft('birth'),
    invite,
    inviteToCheck: { code: normalizeInviteCode(linkInvite ?? '') || normalizeInviteCode(draft('invite')) },
    verdict: null,
    changingOrg: false,
    busy: false,
  }
}

export function improveReducer(state: ImproveState, event: ImproveEvent): ImproveState {
  switch (event.type) {
    case 'typed':
      return { ...state, [event.field]: event.value }
    case 'gradePicked':
      return { ...state, grade: event.index }
    case 'classPicked':
      return { ...state, klass: event.index }
    case 'birthPicked':
      return { ...state, birth: event.value }
    case 'inviteLeft':
      return shownVerdict(state) ? state : { ...state, inviteToCheck: { code: normalizeInviteCode(state.invite) } }
    case 'inviteChecked':
      return { ...state, verdict: event.verdict && { ...event.verdict, code: event.code } }
    case 'orgChangeChosen':
      return { ...state, orgCode: event.code, changingOrg: true }
    case 'sent':
      return { ...state, busy: true }
    case 'settled':
      return { ...state, busy: false }
  }
}

/** A verdict speaks only of the code it was given: typing another hides it at once. */
export function shownVerdict(state: ImproveState): ImproveState['verdict'] {
  return state.verdict?.code === normalizeInviteCode(state.invite) ? state.verdict : null
}

/**
 * Registering with an invitation: the inviter's organisation is taken, not asked again, unless the student
 * chooses another (or has already typed one).
 */
export function invitedOrg(state: ImproveState, editing: boolean): Extract<InviteVerdict, { known: true }>['org'] {
  const shown = shownVerdict(state)
  if (editing || state.changingOrg || !shown?.known || !shown.org) return null
  const typed = state.orgCode.trim()
  return !typed || typed.toUpperCase() === shown.org.code ? shown.org : null
}

/** The organisation the form joins: the one typed, else the invitation's. */
export const chosenOrg = (state: ImproveState, editing: boolean): string => state.orgCode.trim() || invitedOrg(state, editing)?.code || ''

/** The checks before sending; the month of birth only when the profile is first made. */
export function improveChecks(state: ImproveState, editing: boolean): Checks<Field> {
  return {
    name: checkRequired(state.name),
    grade: state.grade < 0 ? 'required' : undefined,
    className: state.klass < 0 ? 'required' : undefined,
    orgCode: checkRequired(chosenOrg(state, editing)),
    birth: !editing && !/^\d{4}-\d{2}$/.test(state.birth) ? 'required' : undefined,
  }
}

/** Name, grade and class as sent, in the language they were picked in. */
export function profileFields(state: ImproveState, lang: Lang): { name: string; grade: string; className: string } {
  return { name: state.name.trim(), grade: GRADES[lang][state.grade] ?? '', className: classNames(lang)[state.klass] ?? '' }
}

/**
 * An edit of name, grade or class keeps the session: it goes as a plain write (which waits in the outbox
 * when the network is away). Joining another organisation, or with an invitation, goes the registration
 * way, which answers with new tokens.
 */
export const isPlainEdit = (state: ImproveState, editing: boolean, savedOrgCode: string): boolean =>
  editing && chosenOrg(state, editing).toUpperCase() === savedOrgCode.toUpperCase() && !state.invite.trim()

/** What the registration way sends: the profile, the organisation, the invitation and, first time only, the month of birth. */
export function improveBody(state: ImproveState, lang: Lang, editing: boolean) {
  const invite = state.invite.trim()
  return {
    ...profileFields(state, lang),
    orgCode: chosenOrg(state, editing).toUpperCase(),
    ...(invite ? { inviteCode: invite.toUpperCase() } : {}),
    ...(!editing && state.birth ? { birth: { year: Number(state.birth.slice(0, 4)), month: Number(state.birth.slice(5, 7)) } } : {}),
  }
}
