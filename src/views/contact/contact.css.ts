import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'
import { splitLayout } from '../../ui/forms.css'
import { pill } from '../../ui/pill.css'

/** Form first; the programme panel beside it on desktop and after it on phones, so it never pushes the form. */
export const layout = style([
  splitLayout,
  {
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' } },
  },
])

export const card = style({
  display: 'grid',
  gap: tokens.space[5],
  padding: tokens.space[6],
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.lg,
  background: vars.color.surfaceRaised,
  boxShadow: tokens.shadow.sm,
})

export const aside = style([card, { background: vars.color.surface, boxShadow: 'none', lineHeight: tokens.lineHeight.body }])

export const formHeader = style({ display: 'grid', gap: tokens.space[2] })
export const cardTitle = style({ fontSize: tokens.fontSizes.xl, lineHeight: tokens.lineHeight.snug })
export const muted = style({ color: vars.color.textMuted })
export const form = style({ display: 'grid', gap: tokens.space[5] })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'center' })

export const list = style({ margin: 0, paddingLeft: tokens.space[6], display: 'grid', gap: tokens.space[1] })

export const badge = style([pill, { display: 'inline-flex', justifySelf: 'start', whiteSpace: 'nowrap' }])

/** The fallback notice: what happened and the mailto link, so nothing typed is lost. */
export const notice = style({
  display: 'grid',
  gap: tokens.space[3],
  padding: tokens.space[4],
  borderRadius: tokens.radii.md,
  border: `1px solid ${vars.color.warning}`,
  background: vars.color.warningSurface,
  color: vars.color.text,
})

export const link = style({ color: vars.color.link, textDecoration: 'underline', overflowWrap: 'anywhere' })

/** The honeypot: off-screen for people, hidden from screen readers by aria-hidden on this wrapper. */
export const honeypot = style({
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
})
