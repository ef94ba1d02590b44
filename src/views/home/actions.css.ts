import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

/** The item's actions (cards with their steps) and its history, under the rating form (./ItemActions.tsx). */
export const actionList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space[3] })
export const actionCard = style({
  display: 'grid',
  gap: tokens.space[2],
  padding: tokens.space[3],
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  minWidth: 0,
  overflowWrap: 'anywhere',
})
export const actionTitle = style({ margin: 0, fontSize: tokens.fontSizes.md, fontWeight: 600 })
export const overdue = style({ margin: 0, color: vars.color.destructive, fontWeight: 600, fontSize: tokens.fontSizes.sm })
export const history = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space[2], overflowWrap: 'anywhere' })
export const historyEntry = style({ display: 'grid', gap: tokens.space[1], paddingBottom: tokens.space[2], borderBottom: `1px solid ${vars.color.border}` })
