import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

export const quote = style({ margin: 0, display: 'grid', gap: tokens.space[4] })
export const stars = style({ color: vars.color.warning, letterSpacing: '0.1em' })
export const blockquote = style({ margin: 0, fontSize: tokens.fontSizes.lg })
export const attribution = style({ display: 'flex', gap: tokens.space[3], alignItems: 'center' })
export const avatar = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  flex: 'none',
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: tokens.weight.bold,
  fontSize: tokens.fontSizes.sm,
})
export const price = style({ display: 'flex', alignItems: 'baseline', gap: tokens.space[1] })
export const amount = style({ fontSize: tokens.fontSizes['3xl'], fontWeight: tokens.weight.bold })
