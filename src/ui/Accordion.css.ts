import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

export const root = style({ display: 'flex', flexDirection: 'column', gap: tokens.space[2] })
export const item = style({ border: `1px solid ${vars.color.border}`, borderRadius: tokens.radii.md, background: vars.color.surfaceRaised })
export const header = style({ margin: 0 })
export const trigger = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: tokens.space[3],
  padding: tokens.space[4],
  fontWeight: tokens.weight.semibold,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '-3px' } },
})
export const chevron = style({
  transition: `transform ${tokens.duration.normal}`,
  selectors: { [`${trigger}[data-state="open"] &`]: { transform: 'rotate(180deg)' } },
})
export const content = style({
  padding: `0 ${tokens.space[4]} ${tokens.space[4]}`,
  color: vars.color.textMuted,
})
