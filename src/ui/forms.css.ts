import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

/**
 * Style pieces the form pages share (partner apply, ROI calculator, contact). Each page composes them with
 * style([piece, { ... }]) and adds only properties the piece does not set, so the result never depends on
 * which stylesheet loads first.
 */

/** A form beside a panel: one column on phones; each page sets its desktop columns. */
export const splitLayout = style({ display: 'grid', gap: tokens.space[8], alignItems: 'start' })

/** The bordered surface a form sits on. */
export const formPanel = style({
  display: 'grid',
  gap: tokens.space[5],
  padding: tokens.space[6],
  borderRadius: tokens.radii.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
})
