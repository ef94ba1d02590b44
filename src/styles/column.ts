import type { StyleRule } from '@vanilla-extract/css'
import { media } from './media'
import { tokens } from './theme.css'

/** A page's single centred column (sign-in and sign-up, /account): `maxWidth` wide, padded, its blocks spaced. */
export function pageColumn(maxWidth: string): StyleRule {
  return {
    width: '100%',
    maxWidth,
    marginInline: 'auto',
    paddingInline: tokens.space[4],
    paddingBlock: `${tokens.space[8]} ${tokens.space[16]}`,
    display: 'grid',
    gap: tokens.space[6],
    '@media': { [media.tablet]: { paddingInline: tokens.space[6] } },
  }
}
