/** The card's class (Card.css): a page puts it beside its own class, which gives the gap and padding. */
import './Card.css'

export const CARD = 'card'
