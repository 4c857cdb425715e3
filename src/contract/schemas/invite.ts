/** Invitations (src/contract/invite.ts). */
import { Type } from '@sinclair/typebox'
import { Answer, Nullable } from './common'

export const InviteCheckQuery = Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) })

export const InviteJoined = Type.Object({
  name: Type.String(),
  /** Epoch ms. */
  joinedAt: Type.Number(),
})

export const InviteInfo = Type.Object({
  code: Type.String(),
  /** App path of the invitation link; the app puts its own origin in front. */
  path: Type.String(),
  joined: Type.Array(InviteJoined),
})

export const InviteCheck = Type.Object({
  code: Type.String(),
  inviterName: Type.String(),
  /** The inviter's primary organisation, which registration takes instead of asking; null when none. */
  org: Nullable(Type.Object({ code: Type.String(), name: Type.String() })),
})

export const ANSWER = { info: Answer(InviteInfo), check: Answer(InviteCheck) }
