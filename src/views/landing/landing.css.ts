import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

export const hero = style({ paddingBlock: tokens.space[20], display: 'grid', gap: tokens.space[6] })
export const heroTitle = style({ fontSize: tokens.fontSizes['4xl'], maxWidth: '18ch' })
export const heroLead = style({ fontSize: tokens.fontSizes.lg, color: vars.color.textMuted, maxWidth: '60ch' })
export const section = style({ paddingBlock: tokens.space[16], borderTop: `1px solid ${vars.color.border}` })
export const sectionTitle = style({ fontSize: tokens.fontSizes['2xl'], marginBottom: tokens.space[4] })
