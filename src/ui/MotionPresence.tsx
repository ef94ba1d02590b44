import type { FeatureBundle } from 'motion/react'
import { createElement, type ElementType, useMemo } from 'react'
import type { PresenceProps, PresenceVariant } from './motion'
import { AnimatePresence, m, MotionProvider, useEnterFrom } from './MotionProvider'

/** The animated half of ./motion's Presence, loaded on demand (with motion) by preloadPresence. */
const VARIANTS: Record<PresenceVariant, { hidden: Record<string, number>; shown: Record<string, number> }> = {
  fade: { hidden: { opacity: 0 }, shown: { opacity: 1 } },
  pop: { hidden: { opacity: 0, scale: 0.96 }, shown: { opacity: 1, scale: 1 } },
  drop: { hidden: { opacity: 0, y: -6 }, shown: { opacity: 1, y: 0 } },
}

// One motion component per element type, made once: `m.create` returns a new component type on every call, and
// a new type would remount the element. (`m.create` also for tag names: reading `m[tag]` would keep every one
// of motion's element components in this chunk.)
const animatedElements = new Map<ElementType, ElementType>()
function animated(as: ElementType): ElementType {
  let component = animatedElements.get(as)
  if (!component) {
    component = m.create(as as never) as ElementType
    animatedElements.set(as, component)
  }
  return component
}

export function MotionPresence({
  show,
  reduced,
  features,
  as = 'div',
  variant = 'pop',
  onExitComplete,
  ...rest
}: PresenceProps & { reduced: boolean; features: FeatureBundle }) {
  return (
    <MotionProvider reduced={reduced} features={features}>
      <AnimatePresence onExitComplete={onExitComplete}>{show ? <Shown key="presence" as={as} variant={variant} {...rest} /> : null}</AnimatePresence>
    </MotionProvider>
  )
}

function Shown({ as, variant, ...rest }: { as: ElementType; variant: PresenceVariant } & Record<string, unknown>) {
  const Element = useMemo(() => animated(as), [as])
  const { hidden, shown } = VARIANTS[variant]
  const initial = useEnterFrom(hidden)
  return createElement(Element, { ...rest, initial, animate: shown, exit: hidden })
}
