import { globalStyle, style } from '@vanilla-extract/css'
import { media } from '../../styles/media'
import { tokens, vars } from '../../styles/theme.css'

/**
 * /app/pack around the pack itself (./PackDocumentView.css.ts): the toolbar and the framework picker, hidden when
 * printed, as are the site's header, footer and skip link, so the printed pages are the pack alone.
 */
export const page = style({ display: 'grid', gap: tokens.space[6], minWidth: 0 })
export const toolbar = style({
  display: 'grid',
  gap: tokens.space[3],
  '@media': { [media.print]: { display: 'none' } },
})
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: tokens.space[2], alignItems: 'center' })
export const status = style({ margin: 0, color: vars.color.textMuted, minHeight: '1.5em', overflowWrap: 'anywhere' })
export const error = style({ margin: 0, color: vars.color.destructive, fontWeight: 500 })

globalStyle(`body:has(${page}) [data-theme] > header, body:has(${page}) [data-theme] > footer, body:has(${page}) [data-theme] > a`, {
  '@media': { [media.print]: { display: 'none' } },
})
