import { keyframes, style } from '@vanilla-extract/css'
import { tokens, vars } from '../styles/theme.css'

// Spec section 9: canvas opacity to 0.3 over 2 s, ring fills over 3 s, title and dots after 1–2 s.
// Base styles are the end state, so when global reduced-motion CSS removes animations everything is
// simply shown, static.
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const canvasIn = keyframes({ from: { opacity: 0 }, to: { opacity: 0.3 } })
const fill = keyframes({ from: { strokeDashoffset: 'var(--ring-length)' }, to: { strokeDashoffset: '0' } })
const pulse = keyframes({ '0%, 100%': { opacity: 0.35, transform: 'scale(0.8)' }, '50%': { opacity: 1, transform: 'scale(1)' } })

export const screen = style({
  position: 'relative',
  overflow: 'hidden',
  minHeight: '320px',
  borderRadius: tokens.radii.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  display: 'grid',
  placeItems: 'center',
  padding: tokens.space[6],
})

export const canvas = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  opacity: 0.3,
  color: vars.color.primary,
  animation: `${canvasIn} 2s ease-out backwards`,
})

// A calm backdrop behind the text keeps it readable over the falling characters.
export const body = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: tokens.space[3],
  textAlign: 'center',
  padding: tokens.space[5],
  borderRadius: tokens.radii.lg,
  background: vars.color.surface,
  boxShadow: `0 0 32px 16px ${vars.color.surface}`,
})

export const ring = style({ width: '72px', height: '72px', transform: 'rotate(-90deg)' })
export const ringTrack = style({ stroke: vars.color.border })
export const ringFill = style({
  stroke: vars.color.primary,
  vars: { '--ring-length': '188.5' },
  strokeDasharray: '188.5',
  strokeDashoffset: 0,
  animation: `${fill} 3s linear backwards`,
})

export const title = style({
  margin: 0,
  fontSize: tokens.fontSizes.xl,
  fontWeight: tokens.weight.bold,
  animation: `${fadeIn} 600ms ease-out 1s backwards`,
})
export const subtitle = style({ margin: 0, color: vars.color.textMuted, animation: `${fadeIn} 600ms ease-out 1s backwards` })

export const dots = style({ display: 'flex', gap: tokens.space[2], animation: `${fadeIn} 600ms ease-out 2s backwards` })
export const dot = style({
  width: '8px',
  height: '8px',
  borderRadius: '50%',
  background: vars.color.primary,
  animation: `${pulse} 1.2s ease-in-out infinite`,
})
export const still = style({ animation: 'none' })
