import { style, styleVariants } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

/**
 * The print-ready page's pack. Page-break rules (break-before, break-inside, break-after) apply only when the page
 * is printed or saved as PDF, so no print media query is needed: each key question starts a page, an item stays
 * whole where it fits, and a heading never ends a page.
 */
export const pack = style({ display: 'grid', gap: tokens.space[8], lineHeight: tokens.lineHeight.snug, color: vars.color.text, maxWidth: '60rem' })
export const cover = style({ display: 'grid', gap: tokens.space[4] })
export const kicker = style({ fontSize: tokens.fontSizes.xs, fontWeight: tokens.weight.bold, letterSpacing: '0.06em', textTransform: 'uppercase', color: vars.color.textMuted, margin: 0 })
export const title = style({ fontSize: tokens.fontSizes['3xl'], margin: 0, overflowWrap: 'anywhere' })
export const muted = style({ color: vars.color.textMuted, margin: 0, overflowWrap: 'anywhere' })
export const line = style({ margin: 0, overflowWrap: 'anywhere' })
export const notice = style({ margin: 0, padding: tokens.space[4], borderLeft: `4px solid ${vars.color.border}`, background: vars.color.surface })
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizes.sm })
export const caption = style({ textAlign: 'left', fontSize: tokens.fontSizes.lg, fontWeight: tokens.weight.bold, paddingBottom: tokens.space[2] })
export const cell = style({ textAlign: 'left', verticalAlign: 'top', padding: `${tokens.space[2]} ${tokens.space[3]} ${tokens.space[2]} 0`, borderTop: `1px solid ${vars.color.border}`, overflowWrap: 'anywhere' })
export const group = style({ display: 'grid', gap: tokens.space[4], breakBefore: 'page' })
export const groupHead = style({ display: 'grid', gap: tokens.space[1], breakAfter: 'avoid' })
export const groupTitle = style({ fontSize: tokens.fontSizes['2xl'], margin: 0 })
export const item = style({ display: 'grid', gap: tokens.space[2], paddingTop: tokens.space[3], borderTop: `1px solid ${vars.color.border}`, breakInside: 'avoid' })
export const itemTitle = style({ fontSize: tokens.fontSizes.lg, margin: 0, breakAfter: 'avoid', overflowWrap: 'anywhere' })
export const list = style({ margin: 0, paddingLeft: tokens.space[5], display: 'grid', gap: tokens.space[1] })
export const label = style({ fontSize: tokens.fontSizes.sm, fontWeight: tokens.weight.bold, color: vars.color.textMuted, margin: 0, breakAfter: 'avoid' })
export const note = style({ margin: 0, fontWeight: tokens.weight.bold, color: vars.color.destructive })
export const tone = styleVariants({
  good: { color: vars.color.success, fontWeight: tokens.weight.bold },
  attention: { color: vars.color.warning, fontWeight: tokens.weight.bold },
  serious: { color: vars.color.destructive, fontWeight: tokens.weight.bold },
  none: { color: vars.color.textMuted, fontWeight: tokens.weight.bold },
})
