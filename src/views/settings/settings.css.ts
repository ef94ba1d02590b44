import { style } from '@vanilla-extract/css'
import { pageColumn } from '../../styles/column'
import { raisedCard } from '../../styles/surface'
import { tokens, vars } from '../../styles/theme.css'

export const wrap = style(pageColumn('880px'))
export const title = style({ margin: 0, fontSize: tokens.fontSizes['3xl'], lineHeight: tokens.lineHeight.tight })
export const lead = style({ margin: 0, color: vars.color.textMuted })
export const card = style({ ...raisedCard(tokens.space[4], tokens.space[6]), alignContent: 'start' })
export const cardTitle = style({ margin: 0, fontSize: tokens.fontSizes.xl })
export const form = style({ display: 'grid', gap: tokens.space[6] })
export const group = style({ display: 'grid', gap: tokens.space[2], margin: 0, padding: 0, border: 'none', minWidth: 0 })
export const legend = style({ padding: 0, marginBottom: tokens.space[2], fontWeight: tokens.weight.medium })
/** Choices stack on phones and sit two to a row from tablets up, each a generous target (44 px). */
export const choices = style({ display: 'grid', gap: tokens.space[2], gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))' })
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space[3],
  minHeight: '44px',
  paddingInline: tokens.space[3],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary } },
})
export const box = style({ width: '20px', height: '20px', flex: 'none', margin: 0, accentColor: vars.color.primary })
export const hint = style({ margin: 0, fontSize: tokens.fontSizes.sm, color: vars.color.textMuted })
export const fieldError = style({ margin: 0, fontSize: tokens.fontSizes.sm, color: vars.color.destructive, fontWeight: tokens.weight.medium })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'center' })
export const error = style({ margin: 0, color: vars.color.destructive, fontWeight: 500 })
export const status = style({ margin: 0, color: vars.color.textMuted })
export const facts = style({ display: 'grid', gap: tokens.space[3], margin: 0 })
export const fact = style({ display: 'grid', gap: tokens.space[1] })
export const term = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const definition = style({ margin: 0, fontWeight: 500, overflowWrap: 'anywhere' })
/** Theirs beside mine in a conflict: one column on phones. */
export const compare = style({ display: 'grid', gap: tokens.space[4], gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 18rem), 1fr))' })
export const notice = style([card, { borderColor: vars.color.primary }])
