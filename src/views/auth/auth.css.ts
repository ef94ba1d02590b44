import { createVar, style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'

export const wrap = style({
  width: '100%',
  maxWidth: '640px',
  marginInline: 'auto',
  paddingInline: tokens.space[4],
  paddingBlock: `${tokens.space[8]} ${tokens.space[16]}`,
  display: 'grid',
  gap: tokens.space[6],
  '@media': { [media.tablet]: { paddingInline: tokens.space[6] } },
})
export const header = style({ display: 'grid', gap: tokens.space[3], justifyItems: 'start' })
export const title = style({ fontSize: tokens.fontSizes['3xl'], lineHeight: tokens.lineHeight.tight })
export const lead = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.lg })

export const card = style({
  display: 'grid',
  gap: tokens.space[5],
  padding: tokens.space[5],
  borderRadius: tokens.radii.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  boxShadow: tokens.shadow.sm,
  '@media': { [media.tablet]: { padding: tokens.space[8] } },
})
export const form = style({ display: 'grid', gap: tokens.space[5] })
export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0, display: 'grid', gap: tokens.space[5] })
export const pair = style({
  display: 'grid',
  gap: tokens.space[5],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})

export const progressFill = createVar()
export const progress = style({ display: 'grid', gap: tokens.space[2] })
export const progressLabel = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: tokens.fontSizes.sm,
  color: vars.color.textMuted,
})
export const track = style({
  height: '8px',
  borderRadius: tokens.radii.pill,
  background: vars.color.secondary,
  overflow: 'hidden',
})
export const bar = style({
  height: '100%',
  width: '100%',
  background: vars.color.success,
  transformOrigin: 'left',
  transform: `scaleX(${progressFill})`,
  transition: `transform ${tokens.duration.normal} ease-out`,
})

export const copyStatus = style({ minWidth: '9.5rem', justifyContent: 'flex-end' })

export const panel = style([card, { gap: tokens.space[3] }])
export const panelTitle = style({ fontSize: tokens.fontSizes.xl, outline: 'none' })
export const panelText = style({ color: vars.color.textMuted })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'center' })
export const resendForm = style({ display: 'grid', gap: tokens.space[3] })
