import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space[1],
  padding: tokens.space[1],
  borderRadius: tokens.radii.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  width: 'fit-content',
  maxWidth: '100%',
})
export const trigger = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `${tokens.space[2]} ${tokens.space[4]}`,
  borderRadius: tokens.radii.md,
  fontWeight: tokens.weight.medium,
  color: vars.color.textMuted,
  selectors: {
    '&[data-state="active"]': { background: vars.color.surfaceRaised, color: vars.color.text, boxShadow: tokens.shadow.sm },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}` },
  },
})
export const panel = style({ paddingTop: tokens.space[6] })
