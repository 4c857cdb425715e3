/** Invitations (our calls; docs/contract.md): my code and who joined with it, and a public code check. */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/invite'

/** GET (login): the caller's code, its link and the people who joined with it, newest first. */
export const INVITE_PATH = '/invite'
/** GET ?code= (public): whether a code can be used at registration; unknown codes answer 100001. */
export const INVITE_CHECK_PATH = '/invite/check'

export type InviteJoined = Static<typeof S.InviteJoined>
export type InviteInfo = Static<typeof S.InviteInfo>
export type InviteCheck = Static<typeof S.InviteCheck>

/** The path a friend opens: Login with the code, which Improve carries into registration. */
export const invitePath = (code: string): string => `/login?invite=${encodeURIComponent(code)}`

/** Codes are case-insensitive: stored and compared upper-case without spaces. */
export const normalizeInviteCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase()
