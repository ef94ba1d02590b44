import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'

export const machineNav = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2], listStyle: 'none', padding: 0, margin: `0 0 ${tokens.space[8]}` })
export const machineNavLink = style({
  display: 'inline-block',
  padding: `${tokens.space[1]} ${tokens.space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.pill,
  color: vars.color.link,
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSizes.sm,
})
export const machine = style({
  borderTop: `1px solid ${vars.color.border}`,
  paddingBlock: tokens.space[8],
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: tokens.space[6],
  scrollMarginTop: tokens.space[16],
  // Paths and payloads are long unbroken text (JSON): wrap them rather than widen a 390 px page.
  overflowWrap: 'anywhere',
})
export const machineTitle = style({ fontSize: tokens.fontSizes['2xl'], fontFamily: tokens.font.mono })
export const meta = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const columns = style({
  display: 'grid',
  gap: tokens.space[6],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', alignItems: 'start' } },
})
export const figure = style({ margin: 0, display: 'grid', gap: tokens.space[2], alignContent: 'start' })
export const caption = style({ fontWeight: tokens.weight.semibold, fontSize: tokens.fontSizes.sm })
export const mono = style({ fontFamily: tokens.font.mono })
export const muted = style({ color: vars.color.textMuted })
export const source = style({
  margin: 0,
  padding: tokens.space[3],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  fontFamily: tokens.font.mono,
  fontSize: tokens.fontSizes.xs,
  overflowX: 'auto',
  maxHeight: '480px',
  whiteSpace: 'pre',
})
export const stepper = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0, gap: tokens.space[3], padding: tokens.space[4], border: `1px solid ${vars.color.border}`, borderRadius: tokens.radii.lg })
export const select = style({
  width: '100%',
  minWidth: 0,
  maxWidth: '100%',
  minHeight: '40px',
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.sm,
  background: vars.color.background,
  color: vars.color.text,
  font: 'inherit',
})
export const steps = style({ margin: 0, paddingLeft: tokens.space[6], display: 'grid', gap: tokens.space[1], fontSize: tokens.fontSizes.sm })
export const stepCurrent = style({ fontWeight: tokens.weight.semibold, color: vars.color.text })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2] })
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizes.sm })
export const cell = style({ textAlign: 'left', padding: `${tokens.space[1]} ${tokens.space[2]}`, borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' })
export const summary = style({ cursor: 'pointer', fontWeight: tokens.weight.semibold })

// The drawing scrolls (and zooms) inside its own region, so a 390 px wide screen never scrolls sideways.
export const chartScroller = style({
  overflow: 'auto',
  maxHeight: '75vh',
  padding: tokens.space[2],
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  background: vars.color.background,
  overscrollBehavior: 'contain',
})
export const zoomBar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.space[2], border: 0, margin: 0, padding: 0, minWidth: 0 })
export const legend = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.xs })
export const atlas = style({
  display: 'grid',
  gap: tokens.space[3],
  alignContent: 'start',
  padding: tokens.space[4],
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.lg,
  background: vars.color.surface,
  '@media': { [media.desktop]: { position: 'sticky', top: tokens.space[4] } },
})
export const atlasTitle = style({ fontSize: tokens.fontSizes.lg, overflowWrap: 'anywhere', selectors: { '&:focus': { outline: 'none' }, '&:focus-visible': { outline: `3px solid ${vars.color.focus}` } } })
export const outdated = style({
  justifySelf: 'start',
  padding: `${tokens.space[1]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.warningSurface,
  color: vars.color.warning,
  fontWeight: tokens.weight.semibold,
  fontSize: tokens.fontSizes.sm,
})
export const shots = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'flex-start' })
export const desktopShot = style({ margin: 0, flex: '1 1 240px', minWidth: 0, display: 'grid', gap: tokens.space[1] })
export const phoneShot = style({ margin: 0, flex: '0 1 130px', minWidth: '110px', display: 'grid', gap: tokens.space[1] })
export const shot = style({ width: '100%', height: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: tokens.radii.sm, background: vars.color.background })
export const position = style({ fontWeight: tokens.weight.semibold })
export const tableScroller = style({ overflowX: 'auto', display: 'grid', gap: tokens.space[4], marginTop: tokens.space[2] })
export const catalogue = style({ margin: `${tokens.space[2]} 0`, paddingLeft: tokens.space[6], display: 'grid', gap: tokens.space[1], fontSize: tokens.fontSizes.sm })
