/**
 * Class membership: a student's profile declares a class, but the class its tasks come from is the one a
 * teacher of its organisation confirmed (docs/security.md, "Class membership"). The teacher's side of
 * the app makes these calls (their entries are in teacher.ts, with the rest of the teacher's calls):
 *
 *   GET  /classes/requests?orgCode=   (login, a teacher of orgCode) → ClassRequest[]: students of the
 *                                     organisation whose declared class is not the confirmed one, for the
 *                                     classes the caller teaches and those no teacher there teaches
 *   POST /classes/confirm             (login, a teacher of that class) ClassConfirm → ClassConfirmed; the
 *                                     class must be the one the student declares now
 */
import type { Static } from '@sinclair/typebox'
// Type-only: the schemas and TypeBox stay on the server (docs/contract.md).
import type * as S from './schemas/classes'

export const CLASS_REQUESTS_PATH = '/classes/requests'
export const CLASS_CONFIRM_PATH = '/classes/confirm'

export type ClassRequest = Static<typeof S.ClassRequest>
export type ClassConfirm = Static<typeof S.ClassConfirm>
export type ClassConfirmed = Static<typeof S.ClassConfirmed>
