/** The run-time values of cards.ts that its schemas are built from: a leaf both import, so neither imports the other. */
export const CARD_DESIGNS = ['carnation', 'sunrise', 'garden', 'letter'] as const
export type CardDesign = (typeof CARD_DESIGNS)[number]
/** docs/product.md "Timing and limits": the default input maxlength. */
export const CARD_MESSAGE_MAX = 140
export const CARD_TO_MAX = 20
