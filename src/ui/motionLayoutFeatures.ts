/**
 * motion's features with layout animations, for a MotionProvider with `layout` (the setup wizard, whose
 * team-structure preview animates its layout): `domMax`, the only public bundle with the layout feature (it also
 * has gestures and drag). Loaded after the page has painted, in a chunk of its own.
 */
export { domMax as default } from 'motion/react'
