import { globalStyle } from '@vanilla-extract/css'
import { media } from './media'
import { tokens, vars } from './theme.css'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
// No document-wide `scroll-behavior: smooth`: it made every programmatic scroll animate (the router's scroll to the
// top on each navigation, focus() on a field, WebKit's WebDriver scrolling a button into view, which then found
// it still off screen mid-animation and refused the click as 'element not interactable'), and the system's
// reduced-motion setting never switched it off on <html>. Anchor jumps are instant, as the browser's default.
globalStyle('html', { WebkitTextSizeAdjust: '100%', scrollPaddingTop: '80px' })
globalStyle('body', {
  margin: 0,
  fontFamily: tokens.font.body,
  fontSize: tokens.fontSizes.md,
  lineHeight: tokens.lineHeight.body,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
})
globalStyle('h1, h2, h3, h4', { lineHeight: tokens.lineHeight.tight, margin: 0, textWrap: 'balance' })
globalStyle('p', { margin: 0, textWrap: 'pretty' })
globalStyle('img, svg, canvas', { display: 'block', maxWidth: '100%' })
globalStyle('a', { color: vars.color.link, textUnderlineOffset: '0.2em' })
globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' })
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' })
globalStyle('code, pre', { fontFamily: tokens.font.mono })

// Reduced motion: the system setting or the footer switch (class set by the reduce-motion machine).
const still = { animation: 'none !important', transition: 'none !important', scrollBehavior: 'auto !important' }
globalStyle('html.reduce-motion *, html.reduce-motion *::before, html.reduce-motion *::after', still as never)
// The system setting applies until the machine has run, and afterwards unless the switch turned motion back on
// (`allow-motion`, also set by the machine): an explicit choice wins either way.
globalStyle('html:not(.allow-motion) *, html:not(.allow-motion) *::before, html:not(.allow-motion) *::after', {
  '@media': { [media.reducedMotion]: still as never },
})

/** Visually hidden but read by screen readers. */
globalStyle('.sr-only', {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
})
