/** Mother's Day cards (src/contract/cards.ts): bodies and answers. */
import { Type } from '@sinclair/typebox'
import { CARD_DESIGNS, CARD_MESSAGE_MAX, CARD_TO_MAX } from '../values/cards'
import { Answer, FileAnswer, Id, NoDataAnswer, Nullable, Shown, ShownLines } from './common'

export const CardDesignField = Type.Union(CARD_DESIGNS.map((d) => Type.Literal(d)))

export const CardCreateBody = Type.Object(
  {
    design: CardDesignField,
    to: Type.Optional(Shown(CARD_TO_MAX, 0)),
    message: ShownLines(CARD_MESSAGE_MAX),
    audioId: Type.Optional(Id),
    shareable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export const CardUpdateBody = Type.Object({ shareable: Type.Boolean() }, { additionalProperties: false })

export const CardAudio = Type.Object({
  /** Path under the API base. */
  path: Type.String(),
  mime: Type.String(),
  durationMs: Type.Number(),
})

export const Card = Type.Object({
  id: Type.String(),
  design: CardDesignField,
  to: Type.String(),
  message: Type.String(),
  senderName: Type.String(),
  audio: Nullable(CardAudio),
  shareable: Type.Boolean(),
  createdAt: Type.Number(),
  /** The caller wrote it. */
  mine: Type.Boolean(),
})

export const CardCreated = Type.Object({ id: Type.String() })

export const CardAudioUploaded = Type.Object({ audioId: Type.String(), size: Type.Number(), mime: Type.String(), durationMs: Type.Number() })

export const ANSWER = {
  card: Answer(Card),
  cards: Answer(Type.Array(Card)),
  created: Answer(CardCreated),
  uploaded: Answer(CardAudioUploaded),
  audio: FileAnswer,
  none: NoDataAnswer,
}
