import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

// What every testimonial quote shares; each page adds its own look (card, avatar colours) by class props.
export const figure = style({ margin: 0 })
export const stars = style({ color: vars.color.warning, letterSpacing: '0.1em' })
export const blockquote = style({ margin: 0 })
export const person = style({ display: 'flex', alignItems: 'center', gap: tokens.space[3] })
export const avatar = style({
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  display: 'grid',
  placeItems: 'center',
  fontWeight: tokens.weight.bold,
  fontSize: tokens.fontSizes.sm,
  flex: 'none',
})
