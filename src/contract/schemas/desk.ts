/** Home's desk (src/contract/desk.ts). */
import { Type } from '@sinclair/typebox'
import { Answer, Nullable } from './common'

export const DeskReading = Type.Object({ id: Type.String(), bookTitle: Type.String(), author: Type.String(), minutes: Type.Number(), pages: Type.Number(), readAt: Type.Number() })
export const DeskWork = Type.Object({ id: Type.String(), title: Type.String(), createdAt: Type.Number(), shareable: Type.Boolean() })
export const DeskTask = Type.Object({ id: Type.String(), title: Type.String(), publisherName: Type.String(), dueAt: Nullable(Type.Number()) })

export const Desk = Type.Object({
  reading: Type.Array(DeskReading),
  works: Type.Array(DeskWork),
  tasks: Type.Array(DeskTask),
  /** The newest 2023 report, if made. */
  report: Nullable(Type.Object({ id: Type.String(), shareable: Type.Boolean() })),
  invited: Type.Number(),
})

export const ANSWER = { desk: Answer(Desk) }
