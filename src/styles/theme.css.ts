import { createGlobalTheme, createTheme, createThemeContract } from '@vanilla-extract/css'
import { fontSizes, fontStack, monoStack, radii, space } from './tokens'

/** Static tokens shared by both themes. */
export const tokens = createGlobalTheme(':root', {
  space,
  radii,
  fontSizes,
  font: { body: fontStack, mono: monoStack },
  weight: { normal: '400', medium: '500', semibold: '600', bold: '700' },
  lineHeight: { tight: '1.15', snug: '1.35', body: '1.6' },
  shadow: {
    sm: '0 1px 2px rgb(0 0 0 / 0.08)',
    md: '0 4px 16px rgb(0 0 0 / 0.12)',
    lg: '0 16px 48px rgb(0 0 0 / 0.2)',
  },
  duration: { fast: '120ms', normal: '200ms', slow: '400ms' },
})

/** Colours change with the theme; every component reads them through this contract. */
export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryText: null,
    primaryHover: null,
    secondary: null,
    secondaryText: null,
    accent: null,
    destructive: null,
    destructiveText: null,
    success: null,
    warning: null,
    warningSurface: null,
    focus: null,
    link: null,
    care: null,
    education: null,
    housing: null,
    construction: null,
  },
})

export const lightTheme = createTheme(vars, {
  color: {
    background: '#ffffff',
    surface: '#f6f7f9',
    surfaceRaised: '#ffffff',
    text: '#0f172a',
    textMuted: '#475569',
    border: '#d5dbe3',
    primary: '#0e7490',
    primaryText: '#ffffff',
    primaryHover: '#155e75',
    secondary: '#e2e8f0',
    secondaryText: '#0f172a',
    accent: '#6d28d9',
    destructive: '#b91c1c',
    destructiveText: '#ffffff',
    success: '#15803d',
    warning: '#854d0e',
    warningSurface: '#fef9c3',
    focus: '#2563eb',
    link: '#0e7490',
    care: '#0e7490',
    education: '#6d28d9',
    housing: '#15803d',
    construction: '#c2410c',
  },
})

export const darkTheme = createTheme(vars, {
  color: {
    background: '#0b1120',
    surface: '#111a2e',
    surfaceRaised: '#17223a',
    text: '#f1f5f9',
    textMuted: '#b6c2d3',
    border: '#2b3a55',
    primary: '#22d3ee',
    primaryText: '#062028',
    primaryHover: '#67e8f9',
    secondary: '#23314d',
    secondaryText: '#f1f5f9',
    accent: '#c4b5fd',
    destructive: '#f87171',
    destructiveText: '#1f0a0a',
    success: '#4ade80',
    warning: '#fde047',
    warningSurface: '#3b3205',
    focus: '#93c5fd',
    link: '#67e8f9',
    care: '#22d3ee',
    education: '#c4b5fd',
    housing: '#4ade80',
    construction: '#fdba74',
  },
})
