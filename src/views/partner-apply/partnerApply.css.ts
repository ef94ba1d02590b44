import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'
import { formPanel, splitLayout } from '../../ui/forms.css'

export const layout = style([splitLayout, { '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } } }])
export const panel = style([formPanel, { minWidth: 0 }])
export const panelTitle = style({ fontSize: tokens.fontSizes.xl })
export const pair = style({
  display: 'grid',
  gap: tokens.space[5],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const persona = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: tokens.space[2], margin: 0 })
export const personaValue = style({ fontWeight: tokens.weight.bold, fontFamily: tokens.font.mono })
export const chips = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: tokens.space[2] })
export const chip = style({
  padding: `${tokens.space[1]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.fontSizes.sm,
  fontWeight: tokens.weight.medium,
})
export const summary = style({
  width: '100%',
  minHeight: '260px',
  padding: tokens.space[4],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSizes.sm,
  lineHeight: tokens.lineHeight.body,
  resize: 'vertical',
})
export const summaryLabel = style({ fontWeight: tokens.weight.medium, fontSize: tokens.fontSizes.sm })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3] })
export const notice = style({
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontWeight: tokens.weight.medium,
  fontSize: tokens.fontSizes.sm,
})
export const copyError = style({
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.destructive}`,
  color: vars.color.destructive,
  fontWeight: tokens.weight.medium,
  fontSize: tokens.fontSizes.sm,
})
export const small = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted })
