import { style } from '@vanilla-extract/css'
export const box = style({ color: 'rebeccapurple', padding: 16 })
