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
export const machine = style({ borderTop: `1px solid ${vars.color.border}`, paddingBlock: tokens.space[8], display: 'grid', gap: tokens.space[6], scrollMarginTop: tokens.space[16] })
export const machineTitle = style({ fontSize: tokens.fontSizes['2xl'], fontFamily: tokens.font.mono })
export const meta = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const columns = style({
  display: 'grid',
  gap: tokens.space[6],
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
})
export const figure = style({ margin: 0, display: 'grid', gap: tokens.space[2], alignContent: 'start' })
export const caption = style({ fontWeight: tokens.weight.semibold, fontSize: tokens.fontSizes.sm })
export const tree = style({ listStyle: 'none', margin: 0, paddingLeft: 0, display: 'grid', gap: tokens.space[2] })
export const subtree = style([tree, { paddingLeft: tokens.space[4], marginTop: tokens.space[2], borderLeft: `2px solid ${vars.color.border}` }])
export const state = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  background: vars.color.surface,
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
})
export const stateActive = style({ borderColor: vars.color.primary, boxShadow: `0 0 0 2px ${vars.color.primary}`, background: vars.color.surfaceRaised })
export const stateName = style({ fontFamily: tokens.font.mono, fontWeight: tokens.weight.semibold })
export const badge = style({
  display: 'inline-block',
  marginLeft: tokens.space[2],
  padding: `0 ${tokens.space[2]}`,
  borderRadius: tokens.radii.pill,
  fontSize: tokens.fontSizes.xs,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
})
export const badgeActive = style([badge, { background: vars.color.primary, color: vars.color.primaryText }])
export const transitions = style({ listStyle: 'none', margin: `${tokens.space[1]} 0 0`, padding: 0, fontSize: tokens.fontSizes.sm, display: 'grid', gap: tokens.space[1] })
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
export const stepper = style({ display: 'grid', gap: tokens.space[3], padding: tokens.space[4], border: `1px solid ${vars.color.border}`, borderRadius: tokens.radii.lg })
export const select = style({
  width: '100%',
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
