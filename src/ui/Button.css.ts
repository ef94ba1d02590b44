import { globalKeyframes, style, styleVariants } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

/**
 * Spec section 9: variants default, destructive, outline, secondary, ghost, link; sizes 40, 36, 44 px and icon 40 x 40.
 * Plain class maps, composed in ./Button.tsx: every page's first load has a button, and the recipes runtime that
 * would compose them is about 0.7 kB gzip of it.
 */
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: tokens.space[2],
  borderRadius: tokens.radii.md,
  border: '1px solid transparent',
  fontWeight: tokens.weight.semibold,
  fontSize: tokens.fontSizes.sm,
  lineHeight: 1,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  cursor: 'pointer',
  transition: `background-color ${tokens.duration.fast}, color ${tokens.duration.fast}, border-color ${tokens.duration.fast}`,
  selectors: {
    '&:disabled, &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
})

export const variant = styleVariants({
  default: {
    background: vars.color.primary,
    color: vars.color.primaryText,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.primaryHover } },
  },
  destructive: { background: vars.color.destructive, color: vars.color.destructiveText },
  outline: {
    background: 'transparent',
    color: vars.color.text,
    borderColor: vars.color.border,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surface } },
  },
  secondary: { background: vars.color.secondary, color: vars.color.secondaryText },
  ghost: {
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&:hover:not(:disabled)': { background: vars.color.surface } },
  },
  link: {
    background: 'transparent',
    color: vars.color.link,
    textDecoration: 'underline',
    paddingInline: '0 !important',
  },
})

export const size = styleVariants({
  default: { height: '40px', paddingInline: tokens.space[4] },
  sm: { height: '36px', paddingInline: tokens.space[3] },
  lg: { height: '44px', paddingInline: tokens.space[6], fontSize: tokens.fontSizes.md },
  icon: { height: '40px', width: '40px', padding: 0 },
})

export const block = style({ width: '100%' })

export interface ButtonVariants {
  variant?: keyof typeof variant
  size?: keyof typeof size
  block?: boolean
}

export const spinner = style({
  width: '1em',
  height: '1em',
  borderRadius: '50%',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  animationName: 'ir-spin',
  animationDuration: '0.8s',
  animationIterationCount: 'infinite',
  animationTimingFunction: 'linear',
})

globalKeyframes('ir-spin', { to: { transform: 'rotate(360deg)' } })
