import { createVar, globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'

/** The sector's colour (dark-theme tint), set once on the page root by data-sector. */
export const accent = createVar()

export const root = style({
  vars: { [accent]: vars.color.care },
  selectors: {
    '&[data-sector="education"]': { vars: { [accent]: vars.color.education } },
    '&[data-sector="housing"]': { vars: { [accent]: vars.color.housing } },
    '&[data-sector="construction"]': { vars: { [accent]: vars.color.construction } },
  },
})

export const hero = style({
  display: 'grid',
  gap: tokens.space[10],
  paddingBlock: tokens.space[12],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', paddingBlock: tokens.space[20] } },
})
export const heroText = style({ display: 'grid', gap: tokens.space[5] })
export const eyebrow = style({ color: accent, fontWeight: tokens.weight.semibold, fontSize: tokens.fontSizes.sm, letterSpacing: '0.04em', textTransform: 'uppercase' })
export const heroTitle = style({ fontSize: tokens.fontSizes['4xl'], maxWidth: '20ch' })
export const heroLead = style({ fontSize: tokens.fontSizes.lg, color: vars.color.textMuted, maxWidth: '62ch' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[3], alignItems: 'center' })
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2], listStyle: 'none', margin: 0, padding: 0 })
export const badge = style({
  fontSize: tokens.fontSizes.xs,
  fontWeight: tokens.weight.medium,
  padding: `${tokens.space[1]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.pill,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
})

export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.lg,
  padding: tokens.space[6],
  display: 'grid',
  gap: tokens.space[3],
  alignContent: 'start',
})
export const accentCard = style([card, { borderTop: `3px solid ${accent}` }])
export const cardTitle = style({ fontSize: tokens.fontSizes.lg })
export const muted = style({ color: vars.color.textMuted })
export const small = style({ fontSize: tokens.fontSizes.sm })

export const statList = style({ display: 'grid', gap: tokens.space[4], margin: 0, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' })
/** Label first in the markup (dt before dd), value first on screen. */
export const statItem = style({ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end' })
export const statValue = style({ fontSize: tokens.fontSizes.xl, fontWeight: tokens.weight.bold, color: accent, margin: 0, lineHeight: tokens.lineHeight.tight })
export const statLabel = style({ fontSize: tokens.fontSizes.sm, color: vars.color.textMuted })

export const section = style({ paddingBlock: tokens.space[16], borderTop: `1px solid ${vars.color.border}`, display: 'grid', gap: tokens.space[6] })
export const compactSection = style([section, { paddingBlock: tokens.space[8] }])
export const sectionHead = style({ display: 'grid', gap: tokens.space[3], maxWidth: '70ch' })
export const sectionTitle = style({ fontSize: tokens.fontSizes['2xl'], '@media': { [media.tablet]: { fontSize: tokens.fontSizes['3xl'] } } })

export const grid = styleVariants({
  two: { display: 'grid', gap: tokens.space[4], '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } },
  three: { display: 'grid', gap: tokens.space[4], '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } } },
  four: {
    display: 'grid',
    gap: tokens.space[4],
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
  },
})
export const plainList = style({ listStyle: 'none', margin: 0, padding: 0 })
export const bulletList = style({ margin: 0, paddingLeft: tokens.space[5], display: 'grid', gap: tokens.space[2] })
export const tickList = style([plainList, { display: 'grid', gap: tokens.space[2] }])
export const tick = style({ color: accent, marginRight: tokens.space[2], fontWeight: tokens.weight.bold })

export const chips = style([plainList, { display: 'flex', flexWrap: 'wrap', gap: tokens.space[2] }])
export const chip = style({
  padding: `${tokens.space[2]} ${tokens.space[4]}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  fontSize: tokens.fontSizes.sm,
  fontWeight: tokens.weight.medium,
})
export const stripRow = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[4], alignItems: 'center', justifyContent: 'space-between' })

export const dashboard = style([card, { background: vars.color.surfaceRaised, boxShadow: tokens.shadow.lg }])
export const dashboardTile = style({ background: vars.color.surface, borderRadius: tokens.radii.md, padding: tokens.space[4], display: 'grid', gap: tokens.space[1] })
export const dashboardStat = style([dashboardTile, statItem, { display: 'flex' }])

export const steps = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.space[4], counterReset: 'step', '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } } })
export const stepNumber = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  border: `2px solid ${accent}`,
  color: vars.color.text,
  fontWeight: tokens.weight.bold,
})

// Tables (comparison and the feature table on desktop)
export const tableWrap = style({ overflowX: 'auto' })
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizes.sm })
export const th = style({ textAlign: 'left', padding: tokens.space[3], borderBottom: `2px solid ${vars.color.border}`, color: vars.color.text, fontWeight: tokens.weight.semibold })
export const td = style({ padding: tokens.space[3], borderBottom: `1px solid ${vars.color.border}`, verticalAlign: 'top', color: vars.color.textMuted })
export const rowHeader = style([td, { color: vars.color.text, fontWeight: tokens.weight.semibold, textAlign: 'left' }])
export const center = style({ textAlign: 'center' })
export const desktopOnly = style({ display: 'none', '@media': { [media.tablet]: { display: 'block' } } })
export const mobileOnly = style({ '@media': { [media.tablet]: { display: 'none' } } })

// Pricing
export const plan = style([card, { gap: tokens.space[4] }])
export const featuredPlan = style([plan, { border: `2px solid ${accent}` }])
export const price = style({ fontSize: tokens.fontSizes['3xl'], fontWeight: tokens.weight.bold, lineHeight: tokens.lineHeight.tight })
export const priceText = style({ fontSize: tokens.fontSizes.xl, fontWeight: tokens.weight.bold, lineHeight: tokens.lineHeight.tight })

// ROI preview
export const roi = style([card, { gap: tokens.space[5] }])
export const range = style({ width: '100%', accentColor: accent, height: '24px' })
export const roiFigures = style({ display: 'grid', gap: tokens.space[3], margin: 0, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } } })
export const roiValue = style({ margin: 0, fontSize: tokens.fontSizes.xl, fontWeight: tokens.weight.bold, fontVariantNumeric: 'tabular-nums' })

// Integrations
export const tiles = style([plainList, { display: 'grid', gap: tokens.space[3], gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }])
export const tile = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space[3],
  padding: tokens.space[4],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  borderLeftWidth: '4px',
})
// Testimonials carousel
export const carouselViewport = style({
  overflow: 'hidden',
  maskImage: 'linear-gradient(to right, transparent, #000 4%, #000 96%, transparent)',
  selectors: { '&[data-state="still"]': { overflow: 'visible', maskImage: 'none' } },
})
export const carouselTrack = style([
  plainList,
  {
    display: 'flex',
    width: 'max-content',
    willChange: 'transform',
    selectors: {
      [`${carouselViewport}[data-state="still"] &`]: {
        width: 'auto',
        willChange: 'auto',
        display: 'grid',
        gap: tokens.space[4],
        gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
      },
    },
  },
])
// Spacing by padding, not gap, so the duplicated half is exactly 50% of the track (a seamless loop).
export const carouselItem = style({
  width: '340px',
  paddingRight: tokens.space[4],
  selectors: { [`${carouselViewport}[data-state="still"] &`]: { width: 'auto', paddingRight: 0 } },
})
// Added to the shared TestimonialQuote's base classes (src/ui/TestimonialQuote.css.ts).
export const quote = style([card, { height: '100%' }])
export const avatar = style({ border: `2px solid ${accent}` })
export const blockquote = style({ color: vars.color.text })

// Sticky calls to action: in flow at the end of <main>, so they never cover the footer and the page keeps
// room for them at the bottom (no permanent overlap), yet stay at the bottom of the viewport while reading.
export const stickyBar = style({
  position: 'sticky',
  bottom: 0,
  zIndex: 30,
  paddingBlock: tokens.space[3],
  paddingInline: tokens.space[4],
  pointerEvents: 'none',
  marginTop: tokens.space[8],
})
// Whatever the browser scrolls into view from below (keyboard focus, scrollIntoView, a WebDriver click) stops above
// the bar instead of under it (WCAG 2.2 focus not obscured): the bar is at most about 5 rem tall.
globalStyle(`html:has(${stickyBar})`, { scrollPaddingBottom: '6rem' })
export const mobileCta = style({
  pointerEvents: 'auto',
  '@media': { [media.tablet]: { display: 'none' } },
})
export const floatingBar = style({
  pointerEvents: 'auto',
  display: 'none',
  gap: tokens.space[2],
  width: 'max-content',
  padding: tokens.space[2],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.lg,
  boxShadow: tokens.shadow.lg,
  '@media': { [media.tablet]: { display: 'flex' } },
})
