import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

const spin = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-40px)' } })

export const globe = style({ width: '64px', height: '64px', flex: 'none', color: vars.color.primary })
/** Meridians slide sideways: the globe appears to rotate. Under reduced motion they stay still. */
export const meridians = style({ animation: `${spin} 4s linear infinite` })
export const still = style({ animation: 'none' })
