import { globalStyle, style } from '@vanilla-extract/css'
import { media } from '../styles/media'
import { tokens, vars } from '../styles/theme.css'
import { pill } from './pill.css'

/** Long-form text: comfortable rhythm for headings, paragraphs and lists inside content pages. */
// minmax(0, 1fr) tracks: a wide child (a code sample) scrolls inside itself instead of widening the column.
export const prose = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space[10], lineHeight: tokens.lineHeight.body })
export const section = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space[4], scrollMarginTop: '80px', minWidth: 0 })
export const sectionTitle = style({ fontSize: tokens.fontSizes['2xl'] })
export const subTitle = style({ fontSize: tokens.fontSizes.lg })
// Plain lists only: styled lists (card grids, steps, contents) set their own spacing.
globalStyle(`${prose} ul:not([class]), ${prose} ol:not([class])`, { margin: 0, paddingLeft: tokens.space[6], display: 'grid', gap: tokens.space[2] })
export const muted = style({ color: vars.color.textMuted })

export const grid = style({
  display: 'grid',
  gap: tokens.space[4],
  gridTemplateColumns: 'repeat(1, minmax(0, 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
})
export const grid2 = style({ '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } })
// Tablet before desktop: later media rules win, so the wider breakpoint must come last.
export const grid3 = style({ '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [media.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } })

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: tokens.space[3],
  padding: tokens.space[6],
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.lg,
  background: vars.color.surfaceRaised,
  boxShadow: tokens.shadow.sm,
})
export const cardHighlighted = style({ borderColor: vars.color.primary, boxShadow: `0 0 0 1px ${vars.color.primary}, ${tokens.shadow.md}` })
export const cardTitle = style({ fontSize: tokens.fontSizes.lg })
export const cardFooter = style({ marginTop: 'auto', paddingTop: tokens.space[2] })
export const eyebrow = style({
  fontSize: tokens.fontSizes.sm,
  fontWeight: tokens.weight.semibold,
  textTransform: 'uppercase',
  letterSpacing: '0.06em',
  color: vars.color.textMuted,
})
export const badge = style([pill, { display: 'inline-flex', alignSelf: 'flex-start' }])
export const checkList = style({ listStyle: 'none', margin: 0, paddingLeft: 0, display: 'grid', gap: tokens.space[2] })
globalStyle(`${checkList} > li`, { display: 'flex', gap: tokens.space[2] })
globalStyle(`${checkList} > li::before`, { content: '"✓"', color: vars.color.success, fontWeight: tokens.weight.bold, flex: 'none' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'center' })
export const callout = style({
  display: 'grid',
  gap: tokens.space[4],
  padding: tokens.space[6],
  borderRadius: tokens.radii.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
})

// Code samples: scroll sideways inside their own box on narrow screens instead of widening the page.
export const codeFigure = style({ margin: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space[2], minWidth: 0 })
export const codeCaption = style({ fontSize: tokens.fontSizes.sm, fontWeight: tokens.weight.semibold, color: vars.color.textMuted })
export const codeScroll = style({
  borderRadius: tokens.radii.md,
  background: '#0f172a',
  color: '#e2e8f0',
  border: `1px solid ${vars.color.border}`,
})
export const codePre = style({ margin: 0, overflowX: 'auto', padding: tokens.space[4], fontSize: tokens.fontSizes.sm, lineHeight: tokens.lineHeight.snug, whiteSpace: 'pre' })
export const inlineCode = style({
  fontSize: '0.9em',
  padding: '0.1em 0.35em',
  borderRadius: tokens.radii.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})

export const toc = style({ display: 'grid', gap: tokens.space[2], padding: tokens.space[4], borderRadius: tokens.radii.md, background: vars.color.surface })
export const tocList = style({ margin: 0, paddingLeft: tokens.space[6], display: 'grid', gap: tokens.space[1], '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: tokens.space[8] } } })
