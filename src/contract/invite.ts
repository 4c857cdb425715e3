/** Invitations (our calls; docs/contract.md): my code and who joined with it, and a public code check. */

/** GET (login): the caller's code, its link and the people who joined with it, newest first. */
export const INVITE_PATH = '/invite'
/** GET ?code= (public): whether a code can be used at registration; unknown codes answer 100001. */
export const INVITE_CHECK_PATH = '/invite/check'

export interface InviteJoined {
  name: string
  /** Epoch ms. */
  joinedAt: number
}

export interface InviteInfo {
  code: string
  /** App path of the invitation link; the app puts its own origin in front. */
  path: string
  joined: InviteJoined[]
}

export interface InviteCheck {
  code: string
  inviterName: string
  /** The inviter's primary organisation, which registration takes instead of asking; null when none. */
  org: { code: string; name: string } | null
}

/** The path a friend opens: Login with the code, which Improve carries into registration. */
export const invitePath = (code: string): string => `/login?invite=${encodeURIComponent(code)}`

/** Codes are case-insensitive: stored and compared upper-case without spaces. */
export const normalizeInviteCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase()
