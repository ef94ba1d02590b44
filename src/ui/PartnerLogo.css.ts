import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

/** Fixed box: the logo and its initials fallback occupy the same 40 x 40 px, so nothing shifts either way. */
export const logoBox = style({
  position: 'relative',
  width: '40px',
  height: '40px',
  flex: 'none',
  borderRadius: tokens.radii.sm,
  overflow: 'hidden',
  background: vars.color.surfaceRaised,
})
export const initials = style({
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  fontWeight: tokens.weight.bold,
  fontSize: tokens.fontSizes.sm,
  color: vars.color.text,
})
export const logoImg = style({ position: 'absolute', inset: 0, width: '40px', height: '40px', objectFit: 'contain', background: '#fff' })
