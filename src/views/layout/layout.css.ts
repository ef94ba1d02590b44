import { style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  background: vars.color.background,
  color: vars.color.text,
})
export const main = style({ flex: 1, outline: 'none' })
export const container = style({ width: '100%', maxWidth: '1200px', marginInline: 'auto', paddingInline: tokens.space[4], '@media': { [media.tablet]: { paddingInline: tokens.space[6] } } })
export const narrow = style([container, { maxWidth: '820px' }])
export const skipLink = style({
  position: 'absolute',
  left: tokens.space[2],
  top: '-100px',
  zIndex: 100,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  padding: tokens.space[3],
  borderRadius: tokens.radii.md,
  selectors: { '&:focus': { top: tokens.space[2] } },
})

// Header
export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 40,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const headerInner = style([container, { display: 'flex', alignItems: 'center', gap: tokens.space[2], minHeight: '64px', '@media': { [media.tablet]: { gap: tokens.space[3] } } }])
export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space[2],
  fontWeight: tokens.weight.bold,
  fontSize: tokens.fontSizes.lg,
  color: vars.color.text,
  textDecoration: 'none',
  marginRight: 'auto',
  '@media': { [media.desktop]: { marginRight: tokens.space[4] } },
})
export const brandMark = style({ width: '28px', height: '28px', flex: 'none' })
export const brandName = style({ '@media': { [media.narrow]: { display: 'none' } } })
export const sectorTabs = style({
  display: 'none',
  gap: tokens.space[1],
  marginRight: 'auto',
  '@media': { [media.desktop]: { display: 'flex' } },
})
export const sectorTab = style({
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  borderRadius: tokens.radii.pill,
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: tokens.weight.medium,
  fontSize: tokens.fontSizes.sm,
  selectors: {
    '&[aria-current="page"]': { background: vars.color.surfaceRaised, color: vars.color.text, boxShadow: `inset 0 0 0 1px ${vars.color.border}` },
    '&:hover': { color: vars.color.text },
  },
})
export const sectorMenu = style({ position: 'relative', whiteSpace: 'nowrap', '@media': { [media.desktop]: { display: 'none' } } })
export const sectorMenuList = style({
  position: 'absolute',
  top: 'calc(100% + 8px)',
  left: 0,
  minWidth: '200px',
  listStyle: 'none',
  margin: 0,
  padding: tokens.space[2],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  boxShadow: tokens.shadow.md,
  zIndex: 45,
})
export const sectorMenuLink = style([sectorTab, { display: 'block', borderRadius: tokens.radii.sm }])
export const headerActions = style({ display: 'flex', gap: tokens.space[2], alignItems: 'center' })
// Doubled class: it must beat the Button recipe's own display whatever order the stylesheets load in.
export const hideOnMobile = style({ '@media': { [media.mobileOnly]: { selectors: { '&&': { display: 'none' } } } } })

// Footer
export const footer = style({ borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface, marginTop: tokens.space[16] })
export const footerInner = style([container, { display: 'grid', gap: tokens.space[8], paddingBlock: tokens.space[12], gridTemplateColumns: 'repeat(1, minmax(0,1fr))', '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0,1fr))' } } }])
export const footerHeading = style({ fontSize: tokens.fontSizes.sm, textTransform: 'uppercase', letterSpacing: '0.06em', color: vars.color.textMuted, marginBottom: tokens.space[3] })
export const footerList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: tokens.space[2] })
export const footerLink = style({ color: vars.color.text, textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } })
export const footerBottom = style([container, { display: 'flex', flexWrap: 'wrap', gap: tokens.space[4], justifyContent: 'space-between', alignItems: 'center', paddingBlock: tokens.space[6], borderTop: `1px solid ${vars.color.border}`, color: vars.color.textMuted, fontSize: tokens.fontSizes.sm }])

// Switch
export const switchRow = style({ display: 'inline-flex', alignItems: 'center', gap: tokens.space[3], cursor: 'pointer' })
export const switchTrack = style({
  all: 'unset',
  position: 'relative',
  width: '44px',
  height: '24px',
  borderRadius: tokens.radii.pill,
  background: vars.color.border,
  cursor: 'pointer',
  flex: 'none',
  selectors: {
    '&[aria-checked="true"]': { background: vars.color.primary },
    '&:focus-visible': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})
export const switchThumb = style({
  position: 'absolute',
  top: '3px',
  left: '3px',
  width: '18px',
  height: '18px',
  borderRadius: '50%',
  background: '#fff',
  transition: `transform ${tokens.duration.fast}`,
  selectors: { [`${switchTrack}[aria-checked="true"] &`]: { transform: 'translateX(20px)' } },
})

// Static pages
export const staticHeader = style([narrow, { paddingTop: tokens.space[8], paddingBottom: tokens.space[6], display: 'grid', gap: tokens.space[4] }])
export const lead = style({ fontSize: tokens.fontSizes.lg, color: vars.color.textMuted })
export const pageTitle = style({ fontSize: tokens.fontSizes['4xl'] })

// Account menu (signed in)
export const accountMenu = style({ position: 'relative' })
export const accountButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: tokens.space[2],
  minHeight: '36px',
  padding: `0 ${tokens.space[2]}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.pill,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
  fontSize: tokens.fontSizes.sm,
  fontWeight: tokens.weight.medium,
  cursor: 'pointer',
  selectors: { '&[aria-busy="true"]': { cursor: 'progress', color: vars.color.textMuted } },
})
export const accountInitial = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '26px',
  height: '26px',
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: tokens.weight.bold,
  textTransform: 'uppercase',
})
export const accountPanel = style({
  position: 'absolute',
  top: 'calc(100% + 8px)',
  right: 0,
  minWidth: '240px',
  maxWidth: 'min(320px, calc(100vw - 32px))',
  display: 'grid',
  gap: tokens.space[1],
  padding: tokens.space[2],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: tokens.radii.md,
  boxShadow: tokens.shadow.md,
  zIndex: 45,
})
export const accountEmail = style({
  margin: 0,
  padding: `${tokens.space[2]} ${tokens.space[3]}`,
  color: vars.color.textMuted,
  fontSize: tokens.fontSizes.sm,
  overflowWrap: 'anywhere',
  borderBottom: `1px solid ${vars.color.border}`,
})
export const accountItem = style([
  sectorTab,
  { display: 'block', width: '100%', textAlign: 'left', border: 0, background: 'transparent', font: 'inherit', cursor: 'pointer', borderRadius: tokens.radii.sm },
])
export const menuDivider = style({ borderTop: `1px solid ${vars.color.border}`, margin: `${tokens.space[1]} 0` })
export const menuSeparator = style({ borderTop: `1px solid ${vars.color.border}`, marginTop: tokens.space[1], paddingTop: tokens.space[1] })
