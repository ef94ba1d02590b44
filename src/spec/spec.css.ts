import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

export const page = style({ minHeight: '100vh', display: 'grid', gridTemplateRows: 'auto 1fr auto' })
export const header = style({ borderBottom: `1px solid ${vars.color.border}`, padding: `${tokens.space[3]} ${tokens.space[4]}` })
export const brand = style({ fontWeight: tokens.weight.semibold })
export const main = style({ width: '100%', maxWidth: '1280px', margin: '0 auto', padding: `${tokens.space[8]} ${tokens.space[4]}`, minWidth: 0 })
export const title = style({ fontSize: tokens.fontSizes['4xl'], marginBottom: tokens.space[3] })
export const lead = style({ color: vars.color.textMuted, maxWidth: '70ch', marginBottom: tokens.space[6] })
export const footer = style({ borderTop: `1px solid ${vars.color.border}`, padding: `${tokens.space[4]}`, color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
