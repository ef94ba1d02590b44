import { globalStyle, style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'

export const hero = style({ paddingBlock: tokens.space[16], display: 'grid', gap: tokens.space[6] })
export const eyebrow = style({ color: vars.color.primary, fontWeight: tokens.weight.semibold, textTransform: 'uppercase', letterSpacing: '0.06em', fontSize: tokens.fontSizes.sm })
export const heroTitle = style({ fontSize: tokens.fontSizes['4xl'], maxWidth: '20ch' })
export const heroLead = style({ fontSize: tokens.fontSizes.lg, color: vars.color.textMuted, maxWidth: '62ch' })
export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3] })
export const section = style({ paddingBlock: tokens.space[12], borderTop: `1px solid ${vars.color.border}`, display: 'grid', gap: tokens.space[6] })
export const sectionTitle = style({ fontSize: tokens.fontSizes['2xl'] })
export const sectionLead = style({ color: vars.color.textMuted, maxWidth: '62ch' })

const cardBase = {
  padding: tokens.space[6],
  borderRadius: tokens.radii.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  display: 'grid',
  alignContent: 'start',
  gap: tokens.space[3],
  minWidth: 0,
} as const
export const card = style(cardBase)
export const grid2 = style({ display: 'grid', gap: tokens.space[4], '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } })
export const grid3 = style({ display: 'grid', gap: tokens.space[4], '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } })
export const grid4 = style({
  display: 'grid',
  gap: tokens.space[4],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
})
const plain = { listStyle: 'none', margin: 0, padding: 0 } as const
export const figures = style([grid4, plain])
export const plans = style([grid3, plain])
export const cardTitle = style({ fontSize: tokens.fontSizes.xl })
export const list = style({ margin: 0, paddingLeft: tokens.space[5], display: 'grid', gap: tokens.space[2] })
export const steps = style([grid3, plain])
export const stepNumber = style({
  width: '36px',
  height: '36px',
  borderRadius: '50%',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: tokens.weight.bold,
})
export const figure = style([card, { textAlign: 'center', justifyItems: 'center' }])
export const figureValue = style({ fontSize: tokens.fontSizes['3xl'], fontWeight: tokens.weight.bold, color: vars.color.text, fontVariantNumeric: 'tabular-nums' })
export const figureLabel = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.sm })

// ROI preview
export const preview = style([card, { gap: tokens.space[6] }])
export const sliderRow = style({ display: 'grid', gap: tokens.space[3] })
export const sliderLabel = style({ display: 'flex', justifyContent: 'space-between', gap: tokens.space[3], fontWeight: tokens.weight.medium })
export const sliderValue = style({ fontVariantNumeric: 'tabular-nums', fontWeight: tokens.weight.bold })
export const slider = style({
  width: '100%',
  height: '24px',
  margin: 0,
  accentColor: vars.color.primary,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
})
export const previewFigures = style([grid4, { margin: 0 }])
export const previewFigure = style({ display: 'grid', gap: tokens.space[1], padding: tokens.space[4], borderRadius: tokens.radii.md, background: vars.color.surface })
export const previewLabel = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted })
export const previewValue = style({ margin: 0, fontSize: tokens.fontSizes.xl, fontWeight: tokens.weight.bold, fontVariantNumeric: 'tabular-nums' })
export const small = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted })

// Comparison
export const tableWrap = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: tokens.radii.lg })
export const table = style({ width: '100%', borderCollapse: 'collapse', minWidth: '560px' })
export const th = style({ textAlign: 'left', padding: tokens.space[4], background: vars.color.surface, fontSize: tokens.fontSizes.sm, borderBottom: `1px solid ${vars.color.border}` })
export const td = style({ padding: tokens.space[4], borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top' })
export const tdPartner = style([td, { fontWeight: tokens.weight.semibold }])
export const rowHeader = style([td, { textAlign: 'left', fontWeight: tokens.weight.medium }])

// Pricing
export const plan = style([card, { position: 'relative' }])
export const planPopular = style([plan, { borderColor: vars.color.primary, boxShadow: `inset 0 0 0 1px ${vars.color.primary}, ${tokens.shadow.md}` }])
export const badge = style({
  justifySelf: 'start',
  padding: `${tokens.space[1]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: tokens.fontSizes.xs,
  fontWeight: tokens.weight.bold,
  textTransform: 'uppercase',
  letterSpacing: '0.05em',
})
export const planSummary = style({ fontWeight: tokens.weight.semibold })

// Floating bar: sticky to the bottom of the viewport while the page body is in view, and it comes to rest at the
// end of <main>, so it never covers the footer (a position: fixed bar would hide its last links).
export const floatingBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 30,
  display: 'flex',
  flexWrap: 'wrap',
  gap: tokens.space[2],
  justifyContent: 'center',
  marginTop: tokens.space[8],
  padding: tokens.space[3],
  background: vars.color.surfaceRaised,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: tokens.shadow.lg,
  '@media': {
    [media.tablet]: {
      bottom: tokens.space[6],
      width: 'fit-content',
      marginLeft: tokens.space[6],
      borderRadius: tokens.radii.xl,
      border: `1px solid ${vars.color.border}`,
    },
  },
})
// Focus and scrollIntoView from below stop above the bar, not under it (WCAG 2.2 focus not obscured): on a phone its
// two buttons wrap to two rows (about 7 rem), on wider screens it floats 1.5 rem up.
globalStyle(`html:has(${floatingBar})`, { scrollPaddingBottom: '8rem' })
