import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

export const field = style({ display: 'flex', flexDirection: 'column', gap: tokens.space[1], minWidth: 0 })
export const labelRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.space[2] })
export const label = style({ fontWeight: tokens.weight.medium, fontSize: tokens.fontSizes.sm })
export const optional = style({ color: vars.color.textMuted, fontWeight: tokens.weight.normal })
export const control = style({ position: 'relative', display: 'flex', alignItems: 'center' })
export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  paddingRight: tokens.space[10],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: tokens.fontSizes.md,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.destructive },
    '&:disabled': { opacity: 0.65, cursor: 'not-allowed' },
    '&::placeholder': { color: vars.color.textMuted, opacity: 0.85 },
  },
})
export const textarea = style([input, { minHeight: '120px', resize: 'vertical', paddingTop: tokens.space[3] }])
export const tick = style({
  position: 'absolute',
  right: tokens.space[3],
  color: vars.color.success,
  pointerEvents: 'none',
  display: 'inline-flex',
})
export const hint = style({
  fontSize: tokens.fontSizes.sm,
  color: vars.color.textMuted,
})
export const warningHint = style({
  fontSize: tokens.fontSizes.sm,
  color: vars.color.warning,
  background: vars.color.warningSurface,
  borderRadius: tokens.radii.sm,
  padding: `${tokens.space[1]} ${tokens.space[2]}`,
})
export const error = style({ fontSize: tokens.fontSizes.sm, color: vars.color.destructive, fontWeight: tokens.weight.medium })
