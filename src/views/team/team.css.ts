import { style } from '@vanilla-extract/css'
import { pageColumn } from '../../styles/column'
import { media } from '../../styles/media'
import { raisedCard } from '../../styles/surface'
import { tokens, vars } from '../../styles/theme.css'
import { selectControl } from '../../styles/controls'

export const wrap = style(pageColumn('880px'))
export const header = style({ display: 'grid', gap: tokens.space[2] })
export const title = style({ margin: 0, fontSize: tokens.fontSizes['3xl'], lineHeight: tokens.lineHeight.tight })
export const lead = style({ margin: 0, color: vars.color.textMuted })
export const card = style({ ...raisedCard(tokens.space[4], tokens.space[6]), alignContent: 'start', minWidth: 0 })
export const cardTitle = style({ margin: 0, fontSize: tokens.fontSizes.xl })
export const seats = style([card, { borderColor: vars.color.primary }])
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space[3] })
export const row = style({
  display: 'grid',
  gap: tokens.space[3],
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr auto', alignItems: 'center' } },
})
export const who = style({ display: 'grid', gap: tokens.space[1], minWidth: 0 })
export const name = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' })
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSizes.sm, overflowWrap: 'anywhere' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2], alignItems: 'center' })
export const form = style({
  display: 'grid',
  gap: tokens.space[4],
  '@media': { [media.tablet]: { gridTemplateColumns: '2fr 1fr auto', alignItems: 'end' } },
})
export const select = style(selectControl('40px'))
export const error = style({ margin: 0, color: vars.color.destructive, fontWeight: 500 })
export const status = style({ margin: 0, color: vars.color.textMuted, minHeight: '1.5em' })
export const confirm = style({
  display: 'grid',
  gap: tokens.space[3],
  padding: tokens.space[4],
  borderRadius: tokens.radii.md,
  border: `2px solid ${vars.color.destructive}`,
  background: vars.color.surface,
  margin: 0,
  minWidth: 0,
})
export const confirmText = style({ float: 'left', width: '100%', margin: 0, padding: 0, fontWeight: 500 })
