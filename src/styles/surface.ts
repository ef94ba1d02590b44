import type { StyleRule } from '@vanilla-extract/css'
import { media } from './media'
import { tokens, vars } from './theme.css'

/**
 * A card on the raised surface (the sign-in and sign-up form, /account's and /team's sections): a grid of blocks
 * `gap` apart, bordered, rounded, with a small shadow, and `tabletPadding` inside from tablet width on.
 */
export function raisedCard(gap: string, tabletPadding: string): StyleRule {
  return {
    display: 'grid',
    gap,
    padding: tokens.space[5],
    borderRadius: tokens.radii.lg,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surfaceRaised,
    boxShadow: tokens.shadow.sm,
    '@media': { [media.tablet]: { padding: tabletPadding } },
  }
}
