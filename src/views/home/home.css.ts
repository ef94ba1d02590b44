import { style } from '@vanilla-extract/css'
import { pageColumn } from '../../styles/column'
import { media } from '../../styles/media'
import { raisedCard } from '../../styles/surface'
import { tokens, vars } from '../../styles/theme.css'
import { selectControl } from '../../styles/controls'

export const wrap = style(pageColumn('960px'))
export const header = style({ display: 'grid', gap: tokens.space[2] })
export const title = style({ margin: 0, fontSize: tokens.fontSizes['3xl'], lineHeight: tokens.lineHeight.tight })
export const lead = style({ margin: 0, color: vars.color.textMuted })
/** The team page's card, with less padding on phones: the dashboard's groups sit inside it. */
export const card = style({ ...raisedCard(tokens.space[4], tokens.space[6]), alignContent: 'start', padding: tokens.space[4], minWidth: 0 })
export const next = style([card, { borderColor: vars.color.primary, borderWidth: '2px' }])
export const cardTitle = style({ margin: 0, fontSize: tokens.fontSizes.xl })
export const groupTitle = style({ margin: 0, fontSize: tokens.fontSizes.lg })
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: tokens.fontSizes.sm, overflowWrap: 'anywhere' })
export const text = style({ margin: 0, overflowWrap: 'anywhere' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2], alignItems: 'center' })
export const error = style({ margin: 0, color: vars.color.destructive, fontWeight: 500 })
export const status = style({ margin: 0, color: vars.color.textMuted, minHeight: '1.5em' })
export const progress = style({ width: '100%', height: '8px', accentColor: vars.color.primary })
export const groups = style({ display: 'grid', gap: tokens.space[4], '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' } } })
export const group = style({
  display: 'grid',
  gap: tokens.space[2],
  alignContent: 'start',
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
})
export const score = style({ margin: 0, fontSize: tokens.fontSizes['2xl'], fontWeight: 700, lineHeight: tokens.lineHeight.tight })
export const outcome = style({
  margin: 0,
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  border: `2px solid ${vars.color.destructive}`,
  color: vars.color.destructive,
  fontWeight: 600,
})
export const outcomeFine = style([outcome, { borderColor: vars.color.border, color: vars.color.text, fontWeight: 500 }])
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space[1] })
export const itemButton = style({
  display: 'grid',
  gap: tokens.space[1],
  width: '100%',
  minHeight: '44px',
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})
export const itemName = style({ fontWeight: 600, overflowWrap: 'anywhere' })
export const itemMeta = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })
export const form = style({ display: 'grid', gap: tokens.space[4] })
export const fieldset = style({
  display: 'grid',
  gap: tokens.space[3],
  margin: 0,
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
})
export const legend = style({ padding: `0 ${tokens.space[1]}`, fontWeight: 600 })
export const choices = style({ display: 'grid', gap: tokens.space[2] })
export const choice = style({
  display: 'flex',
  gap: tokens.space[2],
  alignItems: 'center',
  minHeight: '44px',
  padding: `0 ${tokens.space[3]}`,
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.primary, background: vars.color.surface } },
})
export const select = style({ ...selectControl('44px'), width: '100%' })
export const evidence = style({ margin: 0, paddingLeft: tokens.space[5], display: 'grid', gap: tokens.space[2], overflowWrap: 'anywhere' })
export const badge = style({
  justifySelf: 'start',
  padding: `${tokens.space[1]} ${tokens.space[2]}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.secondary,
  color: vars.color.secondaryText,
  fontSize: tokens.fontSizes.sm,
  fontWeight: 600,
})
export const fileRow = style({
  display: 'grid',
  gap: tokens.space[1],
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.border}`,
  minWidth: 0,
})
export const fileAttach = style({ display: 'grid', gap: tokens.space[1], minWidth: 0 })
export const fileInput = style({
  maxWidth: '100%',
  minHeight: '44px',
  font: 'inherit',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})
