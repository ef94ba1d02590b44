import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

// Added to the shared TestimonialQuote's base classes (src/ui/TestimonialQuote.css.ts).
export const quote = style({ display: 'grid', gap: tokens.space[4] })
export const blockquote = style({ fontSize: tokens.fontSizes.lg })
export const avatar = style({ background: vars.color.primary, color: vars.color.primaryText })
export const price = style({ display: 'flex', alignItems: 'baseline', gap: tokens.space[1] })
export const amount = style({ fontSize: tokens.fontSizes['3xl'], fontWeight: tokens.weight.bold })
