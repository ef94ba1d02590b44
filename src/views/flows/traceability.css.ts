import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

export const section = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: tokens.space[8],
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space[6],
  scrollMarginTop: tokens.space[16],
})
export const title = style({ fontSize: tokens.fontSizes['2xl'] })
export const subtitle = style({ fontSize: tokens.fontSizes.xl, overflowWrap: 'anywhere' })
export const machineTitle = style({ fontSize: tokens.fontSizes.lg, fontFamily: tokens.font.mono, overflowWrap: 'anywhere' })
export const lead = style({ maxWidth: '70ch' })
export const framework = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space[4] })
export const filter = style({ display: 'grid', gap: tokens.space[2], maxWidth: '36rem' })
export const label = style({ fontWeight: tokens.weight.semibold })
export const input = style({
  width: '100%',
  minHeight: '44px',
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.sm,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
})
export const muted = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm, fontWeight: 'normal' })
export const mono = style({ fontFamily: tokens.font.mono })
// Ids are long unbroken words: they wrap anywhere rather than widen the table.
export const id = style({ fontFamily: tokens.font.mono, fontSize: tokens.fontSizes.xs, color: vars.color.textMuted, fontWeight: 'normal', overflowWrap: 'anywhere' })
// A wide table scrolls inside its own region (focusable, so the keyboard can scroll it); the page never scrolls sideways.
export const scroller = style({
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizes.sm })
// Four columns do not fit 390 px: the table keeps readable columns and scrolls in its region.
export const wideTable = style({ minWidth: '44rem' })
export const caption = style({ fontSize: tokens.fontSizes.md, fontWeight: tokens.weight.semibold, margin: 0 })
// break-word, not anywhere: words wrap whole, so a narrow column never breaks a word letter by letter.
export const cell = style({ textAlign: 'left', padding: tokens.space[2], verticalAlign: 'top', overflowWrap: 'break-word', borderTop: `1px solid ${vars.color.border}` })
export const tests = style({ margin: 0, paddingLeft: tokens.space[5], display: 'grid', gap: tokens.space[1], overflowWrap: 'anywhere', minWidth: '12rem' })
export const summary = style({ cursor: 'pointer', fontWeight: tokens.weight.semibold })
