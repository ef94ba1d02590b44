import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { pageColumn } from '../../styles/column'
import { raisedCard } from '../../styles/surface'
import { tokens, vars } from '../../styles/theme.css'

export const wrap = style(pageColumn('880px'))
export const header = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'end', gap: tokens.space[4] })
export const title = style({ margin: 0, fontSize: tokens.fontSizes['3xl'], lineHeight: tokens.lineHeight.tight })
export const lead = style({ margin: 0, color: vars.color.textMuted })
export const grid = style({
  display: 'grid',
  gap: tokens.space[6],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})
export const card = style({ ...raisedCard(tokens.space[4], tokens.space[6]), alignContent: 'start' })
export const cardTitle = style({ margin: 0, fontSize: tokens.fontSizes.xl })
export const facts = style({ display: 'grid', gap: tokens.space[3], margin: 0 })
export const fact = style({ display: 'grid', gap: tokens.space[1] })
export const term = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const definition = style({ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' })
export const form = style({ display: 'grid', gap: tokens.space[4] })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'center' })
export const error = style({ margin: 0, color: vars.color.destructive, fontWeight: 500 })
export const status = style({ margin: 0, color: vars.color.textMuted })
export const notice = style([card, { borderColor: vars.color.primary }])
/** The switch and its long label: the label wraps beside the switch at 390 px. */
export const switchLine = style({ alignItems: 'start', lineHeight: tokens.lineHeight.snug })
