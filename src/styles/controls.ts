import type { StyleRule } from '@vanilla-extract/css'
import { tokens, vars } from './theme.css'

/** A native <select> in the theme: `height` tall (44 px where it is the main control of a form, 40 px in a row). */
export function selectControl(height: string): StyleRule {
  return {
    height,
    padding: `0 ${tokens.space[3]}`,
    borderRadius: tokens.radii.md,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.text,
    font: 'inherit',
    minWidth: 0,
  }
}
