import { style } from '@vanilla-extract/css'
import { tokens, vars } from '../../styles/theme.css'

export const integrationHead = style({ display: 'flex', gap: tokens.space[3], alignItems: 'center' })
export const quarter = style({ fontSize: tokens.fontSizes['2xl'], fontWeight: tokens.weight.bold, color: vars.color.primary })
export const steps = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space[8], margin: 0, paddingLeft: 0, listStyle: 'none' })
export const step = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: tokens.space[3], minWidth: 0 })
export const entryHeader = style({ display: 'grid', gap: tokens.space[1] })
