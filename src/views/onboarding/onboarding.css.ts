import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'
import { pill } from '../../ui/pill.css'

export const wrap = style({
  width: '100%',
  maxWidth: '880px',
  marginInline: 'auto',
  paddingInline: tokens.space[4],
  paddingBlock: tokens.space[8],
  display: 'grid',
  gap: tokens.space[6],
})
export const heading = style({ margin: 0, fontSize: tokens.fontSizes['2xl'], lineHeight: tokens.lineHeight.tight })
export const muted = style({ margin: 0, color: vars.color.textMuted })
export const form = style({ display: 'grid', gap: tokens.space[4], marginTop: tokens.space[4] })
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: tokens.space[3] })

// Wizard
export const card = style({
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.lg,
  boxShadow: tokens.shadow.sm,
  padding: tokens.space[4],
  display: 'grid',
  gap: tokens.space[5],
  position: 'relative',
  // Steps slide in and out sideways (SetupWizardPage's StepPane); clip keeps them from widening the page on a
  // phone for that moment, without making the card a scroll container.
  overflowX: 'clip',
  '@media': { [media.tablet]: { padding: tokens.space[8] } },
})
export const topRow = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.space[3] })
export const progressText = style({ display: 'flex', gap: tokens.space[3], color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const bar = style({ height: '8px', borderRadius: tokens.radii.pill, background: vars.color.secondary, overflow: 'hidden' })
export const barFill = style({ height: '100%', background: vars.color.primary, transition: `width ${tokens.duration.normal} ease-out` })
export const dots = style({ display: 'flex', gap: tokens.space[2], justifyContent: 'center', flexWrap: 'wrap' })
export const dot = style({ width: '10px', height: '10px', borderRadius: '50%', background: vars.color.border })
export const dotDone = style({ background: vars.color.primary })
export const dotCurrent = style({ background: vars.color.primary, outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' })
export const stepHeading = style({ margin: 0, fontSize: tokens.fontSizes.xl, outline: 'none' })
// The entering and the leaving step share one grid cell while they cross, so neither pushes the other down.
/**
 * The panes' stage: the containing block a leaving pane is popped out into (SetupWizardCard's StepPane), which
 * clips it to the new step's height (a taller leaving step would otherwise spill over the footer while it fades).
 * The sideways slide stays visible; the block padding, taken back by the negative margin, leaves room for the
 * focus ring (3 px at 2 px offset) of a control at the pane's top or bottom edge.
 */
const FOCUS_ROOM = tokens.space[2]
export const stepStage = style({
  display: 'grid',
  position: 'relative',
  overflowX: 'visible',
  overflowY: 'clip',
  paddingBlock: FOCUS_ROOM,
  marginBlock: `calc(-1 * ${FOCUS_ROOM})`,
})
export const stepPane = style({ gridArea: '1 / 1', display: 'grid', gap: tokens.space[5], alignContent: 'start', minWidth: 0 })
export const stepBody = style({ display: 'grid', gap: tokens.space[4] })
export const grid = style({
  display: 'grid',
  gap: tokens.space[3],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const option = style({
  display: 'grid',
  gap: tokens.space[1],
  textAlign: 'left',
  padding: tokens.space[4],
  // Room for the tick, reserved always so selecting never reflows the text.
  paddingRight: tokens.space[10],
  borderRadius: tokens.radii.md,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  minHeight: '44px',
  selectors: {
    // Not colour alone: a thicker ring and a tick mark (a background image, so the accessible name stays the label).
    '&[aria-pressed="true"]': {
      borderColor: vars.color.primary,
      boxShadow: `inset 0 0 0 1px ${vars.color.primary}`,
      background: `${vars.color.surfaceRaised} url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'%3E%3Ccircle cx='10' cy='10' r='9' fill='%230e7490'/%3E%3Cpath d='M6 10.5l2.5 2.5L14 7.5' fill='none' stroke='white' stroke-width='2' stroke-linecap='round'/%3E%3C/svg%3E") no-repeat right 12px top 12px / 20px 20px`,
    },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})
export const optionName = style({ fontWeight: tokens.weight.semibold })
export const optionMeta = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const badge = style([pill, { justifySelf: 'start' }])
export const subActions = style({ display: 'flex', justifyContent: 'flex-start' })
export const footer = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: tokens.space[3],
  borderTop: `1px solid ${vars.color.border}`,
  paddingTop: tokens.space[4],
})
export const note = style({
  margin: 0,
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  background: vars.color.surface,
  color: vars.color.textMuted,
})
export const failed = style({ margin: 0, color: vars.color.destructive })
export const fieldset = style({ border: 0, padding: 0, margin: 0, display: 'grid', gap: tokens.space[2] })
export const radio = style({ display: 'flex', gap: tokens.space[2], alignItems: 'center', minHeight: '32px' })
export const preview = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2], padding: 0, margin: 0, listStyle: 'none' })
export const globeRow = style({ display: 'flex', alignItems: 'center', gap: tokens.space[4] })
export const invited = style({ margin: 0, paddingInlineStart: tokens.space[5], display: 'grid', gap: tokens.space[1], overflowWrap: 'anywhere' })
