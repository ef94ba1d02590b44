import { type ComponentType, createElement, type ElementType, type ReactNode, useEffect, useRef, useState } from 'react'
import { useReducedMotion } from './ReduceMotion'
import { loadOnce, preload } from '../lib/load'

/**
 * Enter and exit animations for any page, without motion in its first load: `Presence` renders its element
 * plainly until motion (./MotionPresence with ./MotionProvider) has been loaded, which starts the first time it is
 * shown or when `preloadPresence()` is called. Made for the header's account menu: call `preloadPresence` when
 * its trigger is hovered or focused, so even the first opening animates.
 *
 *   <DropdownMenu.Portal forceMount>
 *     <Presence show={open} as={DropdownMenu.Content} forceMount variant="drop" className={s.menu}>...</Presence>
 *   </DropdownMenu.Portal>
 *
 * `as` is the element or component to animate (default `div`); every other prop goes to it. It must forward its
 * ref to a DOM element (Radix parts, plain elements). Radix's own presence must be bypassed with `forceMount`
 * (on the Portal and the part), because here Presence decides when the element leaves: after its exit animation.
 * Variants: `fade` (opacity), `pop` (opacity and a slight scale, for dialogs and popovers), `drop` (opacity and
 * a few pixels from above, for menus). Reduce Motion (the footer switch or the system setting) makes every one
 * instant. Before motion has loaded the element appears and leaves at once; a plainly rendered element is only
 * swapped for the animated one while hidden, so what someone is using is never remounted.
 */
export type PresenceVariant = 'fade' | 'pop' | 'drop'

export type PresenceProps = {
  show: boolean
  as?: ElementType
  variant?: PresenceVariant
  /** Called when the element has left after `show` turned false: after its exit animation, or at once. */
  onExitComplete?: () => void
  children?: ReactNode
} & Record<string, unknown>

type AnimatedPresence = ComponentType<PresenceProps & { reduced: boolean }>
let loaded: AnimatedPresence | null = null
const waiting = new Set<() => void>()

const loadPresence = loadOnce(() =>
  Promise.all([import('./MotionPresence'), import('./motionFeatures')]).then(([module, features]) => {
    const { MotionPresence } = module
    loaded = (props) => <MotionPresence {...props} features={features.default} />
    for (const notify of waiting) notify()
    return loaded
  }),
)

/**
 * Starts loading motion, its animation features and the animated Presence (once). If that fails (a dropped
 * connection, a page left mid-download) elements simply appear and leave without animation, and the next call
 * tries again.
 */
export function preloadPresence(): void {
  preload(loadPresence)
}

export function Presence(props: PresenceProps) {
  const { show, as = 'div', variant: _variant, onExitComplete, ...rest } = props
  const reduced = useReducedMotion()
  const [loadedHere, setLoadedHere] = useState<AnimatedPresence | null>(() => loaded)
  // Whether the animated element is in use; switched on only while hidden (see above).
  const [animating, setAnimating] = useState(() => loaded !== null)
  if (loadedHere && !animating && !show) setAnimating(true)
  const Animated = animating ? loadedHere : null

  useEffect(() => {
    if (loadedHere) return
    const ready = () => setLoadedHere(() => loaded)
    if (loaded) return ready()
    waiting.add(ready)
    if (show) preloadPresence()
    return () => {
      waiting.delete(ready)
    }
  }, [loadedHere, show])

  // An element that was rendered plainly leaves at once: report that as the end of its exit (the animated one
  // reports through AnimatePresence).
  const shownPlainly = useRef(false)
  useEffect(() => {
    if (show) shownPlainly.current = !Animated
    else if (shownPlainly.current) {
      shownPlainly.current = false
      onExitComplete?.()
    }
  }, [Animated, show, onExitComplete])

  if (Animated) return <Animated {...props} reduced={reduced} />
  return show ? createElement(as, rest) : null
}

/**
 * Whether an element about to be shown (`wanted`) can make an animated entrance: once motion has loaded (this
 * starts loading it), at once with motion reduced (nothing animates then), or after `capMs` without it, when the
 * element should appear plainly rather than wait longer. Lets a view hold a dialog back for a moment instead of
 * showing it without its enter animation because the chunk was still on its way.
 */
export function usePresenceReady(wanted: boolean, capMs: number): boolean {
  const reduced = useReducedMotion()
  const [ready, setReady] = useState(() => loaded !== null)
  useEffect(() => {
    if (!wanted || ready || reduced) return
    const done = () => setReady(true)
    if (loaded) return done()
    waiting.add(done)
    preloadPresence()
    const cap = setTimeout(done, capMs)
    return () => {
      waiting.delete(done)
      clearTimeout(cap)
    }
  }, [wanted, ready, reduced, capMs])
  return ready || reduced
}
