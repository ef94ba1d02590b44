import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

/**
 * The grey pill label (contact's programme badge, the wizard's selections, the content pages' badge). Pages
 * compose it with style([pill, { ... }]) adding only placement (display, self-alignment), never a property
 * set here, so the result does not depend on which stylesheet loads first.
 */
export const pill = style({
  padding: `${tokens.space[1]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
  fontSize: tokens.fontSizes.sm,
  fontWeight: tokens.weight.medium,
})
