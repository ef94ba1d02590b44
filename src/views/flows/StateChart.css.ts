import { style } from '@vanilla-extract/css'
import { DIAGRAM_METRICS as M } from '../../../machines/testing/diagram'
import { tokens, vars } from '../../styles/theme.css'

// Highlights fade in; the global reduced-motion rules (system setting or the footer switch) turn this off.
const fade = 'stroke 160ms ease, fill 160ms ease, stroke-width 160ms ease'

export const svg = style({ display: 'block', maxWidth: 'none', fontFamily: tokens.font.mono, overflow: 'visible' })
export const state = style({})
export const edge = style({})

const boxBase = { fill: vars.color.surfaceRaised, stroke: vars.color.textMuted, strokeWidth: 1.25, transition: fade } as const
const activeBox = { stroke: vars.color.primary, strokeWidth: 3 }
export const box = style({ ...boxBase, selectors: { [`${state}[data-active="true"] &`]: { ...activeBox, fill: vars.color.surface } } })
export const compoundBox = style({ ...boxBase, fill: vars.color.surface, selectors: { [`${state}[data-active="true"] &`]: activeBox } })
export const regionBox = style({
  ...boxBase,
  fill: 'transparent',
  strokeDasharray: '6 4',
  selectors: { [`${state}[data-active="true"] &`]: { stroke: vars.color.primary, strokeWidth: 2 } },
})
export const finalInner = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 1, pointerEvents: 'none' })
export const divider = style({ stroke: vars.color.border, strokeWidth: 1 })
export const anyBox = style({ ...boxBase, fill: vars.color.background, strokeDasharray: '2 3' })

export const hit = style({ cursor: 'pointer', outline: 'none' })
export const hitArea = style({
  fill: 'transparent',
  stroke: 'none',
  selectors: {
    [`${hit}:hover &`]: { fill: vars.color.secondary, fillOpacity: 0.5 },
    [`${hit}:focus-visible &`]: { stroke: vars.color.focus, strokeWidth: 3 },
    [`${state}[data-selected="true"] &`]: { stroke: vars.color.accent, strokeWidth: 2, strokeDasharray: '4 2' },
  },
})
export const title = style({
  fontSize: `${M.titleSize}px`,
  fontWeight: tokens.weight.semibold,
  fill: vars.color.text,
  selectors: { [`${state}[data-active="true"] &`]: { fill: vars.color.primary } },
})
export const anyTitle = style([title, { fontStyle: 'italic', fill: vars.color.textMuted }])
export const line = style({ fontSize: `${M.textSize}px`, fill: vars.color.textMuted })
export const internal = style({
  fontSize: `${M.textSize}px`,
  fill: vars.color.text,
  transition: fade,
  selectors: { '&[data-taken="true"]': { fill: vars.color.primary, fontWeight: tokens.weight.bold } },
})

export const edgeLine = style({
  fill: 'none',
  stroke: vars.color.textMuted,
  strokeWidth: 1.25,
  transition: fade,
  selectors: { [`${edge}[data-taken="true"] &`]: { stroke: vars.color.primary, strokeWidth: 3 } },
})
export const arrowHead = style({ fill: vars.color.textMuted })
export const arrowHeadTaken = style({ fill: vars.color.primary })
export const initialDot = style({ fill: vars.color.text })
export const labelBox = style({
  fill: vars.color.background,
  fillOpacity: 0.92,
  stroke: 'none',
  selectors: { [`${edge}[data-taken="true"] &`]: { stroke: vars.color.primary, strokeWidth: 1.5, fillOpacity: 1 } },
})
export const label = style({
  fontSize: `${M.textSize}px`,
  fill: vars.color.text,
  selectors: { '&[data-taken="true"]': { fill: vars.color.primary, fontWeight: tokens.weight.bold } },
})
