/**
 * motion's animation features for LazyMotion (./MotionProvider), loaded after the page has painted, in a chunk of
 * their own so they are never first-load JavaScript. `domMin` is the renderer with the animate and exit
 * animations: all that enter/exit presence needs (no hover, tap or drag gestures).
 */
export { domMin as default } from 'motion/react'
