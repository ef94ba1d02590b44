import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { reduceMotionMachine } from '../../../machines/reduceMotion.machine'
import { useDeferredActor } from '../shared/useDeferredActor'

export { CHANGE_EVENT, STORAGE_KEY } from './constants'

/**
 * The reduce-motion machine (machines/reduceMotion.machine.ts) runs in an actor that is loaded right after
 * hydration (./reduceMotionActor, through useDeferredActor), so xstate is not first-load JavaScript on pages
 * that need no other machine. Until it runs, motion follows the CSS media query alone, and a toggle pressed
 * meanwhile is applied when it starts.
 */
interface ReduceMotion {
  reduced: boolean
  toggle: () => void
}

const ReduceMotionContext = createContext<ReduceMotion | null>(null)

const isReduced = (snapshot: SnapshotFrom<typeof reduceMotionMachine>) => snapshot.matches('reduced')

export function ReduceMotionProvider({ children }: { children: ReactNode }) {
  // Starts at the server's value (full motion): React keeps server-rendered attributes on a hydration mismatch,
  // so the client's value must only arrive after hydration, which the deferred start guarantees.
  const [reduced, send] = useDeferredActor(() => import('./reduceMotionActor').then((m) => m.startReduceMotionActor()), isReduced, false)
  const value = useMemo(() => ({ reduced, toggle: () => send({ type: 'TOGGLE' }) }), [reduced, send])
  return <ReduceMotionContext.Provider value={value}>{children}</ReduceMotionContext.Provider>
}

function useReduceMotion(): ReduceMotion {
  const value = useContext(ReduceMotionContext)
  if (!value) throw new Error('useReducedMotion needs <ReduceMotionProvider> (mounted in the root route)')
  return value
}

/** True when animations should stay still; false (the server's value) until the actor has started. */
export function useReducedMotion(): boolean {
  return useReduceMotion().reduced
}

export function useToggleReducedMotion(): () => void {
  return useReduceMotion().toggle
}
