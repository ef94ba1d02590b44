import { breakpoints } from './tokens'

/** The only place media queries are written; components use these helpers. */
export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  /** Small phones (up to 420 px), where the header drops the brand name and keeps the mark. */
  narrow: 'screen and (max-width: 420px)',
  mobileOnly: `screen and (max-width: ${breakpoints.tablet - 1}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
  /** Printing, or saving as PDF from the browser's print dialog. */
  print: 'print',
} as const
