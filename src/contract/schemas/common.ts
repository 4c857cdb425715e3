/**
 * The pieces every route schema is made of (TypeBox, which is JSON Schema): the answer envelope with its
 * refusal, and the request fields several calls share. The schemas of src/contract/schemas/ are the one
 * description of the wire: the server validates and serializes with them, and the app's contract modules
 * take their types from them with type-only imports, so TypeBox never reaches the app's bundles.
 */
import { Type, type TSchema } from '@sinclair/typebox'
import { DEVICE_TYPES } from '../values/api'
import { CODE } from '../codes'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password'

// ---- answers ------------------------------------------------------------------------------------------

/** A field that may be null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

/** Why an account may make nothing public (docs/privacy.md), or null: its age is not known yet, or it is under 14 without a current consent. */
export const Limited = Nullable(Type.Union([Type.Literal('age-unknown'), Type.Literal('guardian-consent')]))

/** `{ code: 0, msg, data }`: the call did what was asked. */
export const Success = <T extends TSchema>(data: T) => Type.Object({ code: Type.Literal(CODE.OK), msg: Type.String(), data })

/** What a refusal's data may say: when to try again, why, how many tries are left (server/errors.ts). */
export const FailureData = Type.Object({
  retryAfter: Type.Optional(Type.Number()),
  reason: Type.Optional(Type.String()),
  triesLeft: Type.Optional(Type.Integer()),
})

/**
 * A business refusal, which travels as HTTP 200 too: any code but 0. Excluding 0 keeps a success whose data
 * does not fit its schema from passing as a refusal with its data dropped: it fails loudly instead.
 */
export const Failure = Type.Object({
  code: Type.Integer({ not: { const: CODE.OK } }),
  msg: Type.String(),
  data: Nullable(FailureData),
})

/** A route's HTTP 200 answer: its success or a refusal. Every /api route declares one. */
export const Answer = <T extends TSchema>(data: T) => Type.Union([Success(data), Failure])

/** The answer of a call that succeeds with nothing to say (`data: null`). */
export const NoDataAnswer = Answer(Type.Null())

/**
 * The HTTP 200 answer of a route whose success is a file (bytes, not JSON): only a refusal is JSON.
 */
export const FileAnswer = Failure

// ---- request fields -----------------------------------------------------------------------------------

export const Str = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max })

/**
 * Text other people see (names, classes, card lines): no control characters (NUL among them), no format
 * characters (\p{Cf}: the bidirectional overrides that make a name read backwards, zero-width spaces, the
 * byte order mark), nothing default-ignorable (U+034F, U+115F, U+3164 render blank), no line or paragraph
 * separators, and no lone surrogates. An emoji keeps its presentation selector (U+FE0F) and the joiner
 * (U+200D) between two emoji, so ❤️ and 👨‍👩‍👧 stay writable. And text that is not empty shows something:
 * at least one letter, digit, punctuation mark or symbol other than U+2800 (a blank Braille pattern, a
 * symbol that draws nothing), so a name of spaces, marks or U+2800 alone, which renders blank, is refused.
 * Patterns are compiled with the `u` flag.
 */
const UNSEEN = '\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\p{Cs}\\p{Default_Ignorable_Code_Point}'
const EMOJI_GLUE = '(?<=\\p{Extended_Pictographic})\\uFE0F|(?<=[\\p{Extended_Pictographic}\\uFE0F])\\u200D(?=\\p{Extended_Pictographic})'
/** Somewhere ahead, one character that draws something. */
const SOMETHING_VISIBLE = '(?=[^]*?(?!\\u2800)[\\p{L}\\p{N}\\p{P}\\p{S}])'
/** `body` repeated, where a text that is not empty must show something. */
const visible = (body: string) => `^(?:$|${SOMETHING_VISIBLE})(?:${body})*$`
export const Shown = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max, pattern: visible(`[^${UNSEEN}]|${EMOJI_GLUE}`) })
/** The same for text with lines (a card's message): tabs and line breaks are allowed. */
export const ShownLines = (max: number, min = 1) => Type.String({ minLength: min, maxLength: max, pattern: visible(`[^${UNSEEN}]|[\\t\\n\\r]|${EMOJI_GLUE}`) })
/** The latest instant a request may name (milliseconds since the epoch): 2100-01-01. */
export const LATEST_MS = 4_102_444_800_000

export const DeviceTypeField = Type.Union(DEVICE_TYPES.map((d) => Type.Literal(d)))
/** Sent with every login. */
export const Device = {
  deviceType: DeviceTypeField,
  /** Random UUID-style identifier generated once per browser. */
  deviceCode: Str(128),
  appId: Str(64),
}

export const Username = Str(32)
export const SmsCodeField = Type.String({ pattern: '^[0-9]{6}$' })
/** A new password: the length half of src/contract/password.ts (the server checks letters and digits itself). */
export const NewPassword = Str(PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH)
/** A password to check: any the account may have. */
export const GivenPassword = Str(128)
/** Signed calls carry these beside their own fields. */
export const SignedFields = { timestamp: Type.Optional(Type.Number({ minimum: 0, maximum: LATEST_MS })), nonce: Type.Optional(Str(64)) }

/** A row id in a path or body: a UUID or one of the demo ids (letters, digits, hyphens). */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' })
export const IdParams = Type.Object({ id: Id })
