import { createVar, globalStyle, style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { pageColumn } from '../../styles/column'
import { raisedCard } from '../../styles/surface'
import { tokens, vars } from '../../styles/theme.css'

export const wrap = style(pageColumn('640px'))
export const header = style({ display: 'grid', gap: tokens.space[3], justifyItems: 'start' })
export const title = style({ fontSize: tokens.fontSizes['3xl'], lineHeight: tokens.lineHeight.tight })
export const lead = style({ color: vars.color.textMuted, fontSize: tokens.fontSizes.lg })

export const card = style(raisedCard(tokens.space[5], tokens.space[8]))
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

export const resend = style({ display: 'grid', gap: tokens.space[2] })
export const formError = style({ color: vars.color.destructive, fontWeight: 500 })
export const formFooter = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: tokens.space[3],
  alignItems: 'center',
})
export const textLink = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
  fontWeight: 500,
})
export const switchMode = style({ color: vars.color.textMuted, textAlign: 'center' })

export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: tokens.space[3],
  color: vars.color.textMuted,
  fontSize: tokens.fontSizes.sm,
  selectors: {
    '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` },
  },
})
export const ssoGrid = style({
  display: 'grid',
  gap: tokens.space[3],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
})
export const ssoMark = style({
  display: 'inline-grid',
  placeItems: 'center',
  width: '1.5rem',
  height: '1.5rem',
  borderRadius: tokens.radii.pill,
  background: vars.color.secondary,
  color: vars.color.text,
  fontSize: tokens.fontSizes.xs,
  fontWeight: 700,
})
export const passwordRow = style({ display: 'flex', gap: tokens.space[2], alignItems: 'center' })

/**
 * The three /auth forms are all in the prerendered page (the static file cannot know the query string); a tiny
 * inline script in the page head sets `data-auth-mode` on <html> from the URL before the body is drawn, and these
 * rules show only that form, so a visitor of /auth?mode=signup never sees the sign-in form flash. Once mounted, the
 * page keeps the attribute in step with the form it renders (the route's code may hydrate after the rest).
 */
export const modePanel = style({ display: 'grid', gap: tokens.space[6] })
export const signinPanel = style([modePanel])
export const signupPanel = style([modePanel])
export const resetPanel = style([modePanel])
globalStyle(`html:is([data-auth-mode="signup"], [data-auth-mode="reset"]) ${signinPanel}`, { display: 'none' })
globalStyle(`html:not([data-auth-mode="signup"]) ${signupPanel}`, { display: 'none' })
globalStyle(`html:not([data-auth-mode="reset"]) ${resetPanel}`, { display: 'none' })
export const ssoFieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 })
