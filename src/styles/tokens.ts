/** Design tokens: raw values the theme contract and components build on (4 px spacing grid). */
export const space = {
  0: '0',
  1: '4px',
  2: '8px',
  3: '12px',
  4: '16px',
  5: '20px',
  6: '24px',
  8: '32px',
  10: '40px',
  12: '48px',
  16: '64px',
  20: '80px',
  24: '96px',
} as const

export const radii = { sm: '6px', md: '10px', lg: '16px', xl: '24px', pill: '999px' } as const

export const fontSizes = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.375rem',
  '2xl': '1.75rem',
  '3xl': '2.25rem',
  '4xl': 'clamp(2.25rem, 1.6rem + 2.6vw, 3.5rem)',
} as const

/** Sector colours (spec section 3): care cyan, education purple, housing green, construction orange. */
export const sectorColours = {
  care: '#0891b2',
  education: '#7c3aed',
  housing: '#16a34a',
  construction: '#ea580c',
} as const

/** Lighter sector tints with AA contrast on the dark theme's surfaces. */
export const sectorColoursOnDark = {
  care: '#22d3ee',
  education: '#c4b5fd',
  housing: '#4ade80',
  construction: '#fdba74',
} as const

export const breakpoints = { tablet: 768, desktop: 1024 } as const

/** System font stack: no web font to download, so nothing blocks render or shifts layout. */
export const fontStack =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"
export const monoStack = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace"
