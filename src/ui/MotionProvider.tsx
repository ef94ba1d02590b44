import { AnimatePresence, type FeatureBundle, LazyMotion, MotionConfig, type Transition, useIsPresent, useReducedMotionConfig } from 'motion/react'
import * as m from 'motion/react-m'
import type { ReactNode } from 'react'

/**
 * motion (framer-motion) for code that animates with it directly: import `m`, `AnimatePresence` and
 * `useIsPresent` from here, and wrap the animated part in
 * <MotionProvider reduced={useReducedMotion()} features={...}>.
 * Whatever imports this module carries motion's `m` runtime (about 17 kB gzip), so import it only from a chunk
 * loaded on demand (the setup wizard's card, ./MotionPresence), never from a page's first load: pages use
 * ./motion (`Presence`) or a lazily imported component instead.
 *
 * - `LazyMotion` with its features given by the caller, who imports them (./motionFeatures for animate and
 *   exit, ./motionLayoutFeatures also for layout animations) together with the chunk that uses them, after the
 *   page has painted. Loaded up front rather than by LazyMotion on mount: an element that mounts before its
 *   features arrive keeps its `initial` state (measured with Radix's dialog parts: it stayed invisible).
 *   `strict`, so a full `motion.div` (which bundles every feature) fails loudly.
 * - `MotionConfig` follows the reduce-motion setting (machines/reduceMotion.machine.ts through
 *   useReducedMotion: the footer switch, else the system setting), handed in as `reduced` so that this module
 *   does not import the setting's module into lazy chunks: reduced means `reducedMotion="always"` (no transform
 *   or layout animation) and a zero-length default transition, so opacity jumps too and nothing moves, as the
 *   global CSS rule does for CSS animations. Components give no transition of their own, so this default applies
 *   to every one of them; an entering element also skips its `initial` state (useEnterFrom).
 */
export { AnimatePresence, m, useIsPresent }

/** The default transition of every motion component on the site: short and decelerating. */
export const MOTION_TRANSITION: Transition = { duration: 0.22, ease: [0.2, 0, 0, 1] }
const INSTANT: Transition = { duration: 0 }

export function MotionProvider({ reduced, features, children }: { reduced: boolean; features: FeatureBundle; children: ReactNode }) {
  return (
    <LazyMotion features={features} strict>
      <MotionConfig reducedMotion={reduced ? 'always' : 'never'} transition={reduced ? INSTANT : MOTION_TRANSITION}>
        {children}
      </MotionConfig>
    </LazyMotion>
  )
}

/** Whether the nearest MotionProvider reduces motion. */
export function useMotionReduced(): boolean {
  return useReducedMotionConfig() === true
}

/**
 * The `initial` prop of an entering element: its start state, or `false` (render at the target at once) when
 * the nearest MotionProvider reduces motion, so that not even one frame shows it half-way.
 */
export function useEnterFrom<T>(from: T): T | false {
  return useMotionReduced() ? false : from
}
