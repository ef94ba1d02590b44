import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

export const overlay = style({ position: 'fixed', inset: 0, background: 'rgb(2 6 23 / 0.6)', zIndex: 50 })
export const content = style({
  position: 'fixed',
  zIndex: 51,
  // Centred without a transform: motion animates the content's scale, which would replace a CSS translate.
  inset: 0,
  margin: 'auto',
  height: 'fit-content',
  width: 'min(92vw, 480px)',
  maxHeight: '90vh',
  overflowY: 'auto',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderRadius: tokens.radii.lg,
  border: `1px solid ${vars.color.border}`,
  boxShadow: tokens.shadow.lg,
  padding: tokens.space[6],
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space[4],
})
export const title = style({ fontSize: tokens.fontSizes.xl })
export const description = style({ color: vars.color.textMuted })
export const close = style({ position: 'absolute', top: tokens.space[3], right: tokens.space[3] })
