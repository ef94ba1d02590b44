import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'
import { formPanel, splitLayout } from '../../ui/forms.css'

export const layout = style([splitLayout, { '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 6fr)' } } }])
export const form = formPanel
export const formTitle = style({ fontSize: tokens.fontSizes.xl })
export const results = style({ display: 'grid', gap: tokens.space[4] })
export const resultGrid = style({
  display: 'grid',
  gap: tokens.space[4],
  margin: 0,
  gridTemplateColumns: 'repeat(1, minmax(0, 1fr))',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const result = style({
  display: 'grid',
  gap: tokens.space[1],
  padding: tokens.space[5],
  borderRadius: tokens.radii.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: tokens.shadow.sm,
})
export const resultHighlight = style([result, { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}` }])
export const resultLabel = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted, fontWeight: tokens.weight.medium })
export const resultValue = style({
  margin: 0,
  fontSize: tokens.fontSizes['2xl'],
  fontWeight: tokens.weight.bold,
  fontVariantNumeric: 'tabular-nums',
  // Long figures wrap instead of overflowing narrow screens.
  overflowWrap: 'anywhere',
})
export const resultNote = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted })
export const notice = style({
  padding: tokens.space[4],
  borderRadius: tokens.radii.md,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontWeight: tokens.weight.medium,
})
export const formula = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted, display: 'grid', gap: tokens.space[1] })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3] })
