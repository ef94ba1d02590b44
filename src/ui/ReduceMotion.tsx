import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { reduceMotionMachine } from '../../machines/reduceMotion.machine'
import { useLazyActor } from './useDeferredActor'
import { STORAGE_KEY, SYSTEM_QUERY } from './reduceMotionSetting'

export { CHANGE_EVENT, STORAGE_KEY } from './reduceMotionSetting'

/**
 * The reduce-motion setting for views (carousel, loading screen, globe, motion's MotionConfig) and the footer
 * switch. The machine (machines/reduceMotion.machine.ts, with xstate, in ./reduceMotionActor) is loaded only when
 * it has something to decide: a stored choice exists (from an earlier visit or another tab), or the person uses
 * the switch. Without a stored choice the machine's rule is "the system setting", which this provider follows
 * itself from the media query (and global CSS follows it without any JavaScript), so most page views never
 * download xstate or the actor. A toggle pressed while the actor loads is queued and applied when it starts.
 */
interface ReduceMotion {
  reduced: boolean
  toggle: () => void
}

const ReduceMotionContext = createContext<ReduceMotion | null>(null)

const isReduced = (snapshot: SnapshotFrom<typeof reduceMotionMachine>) => snapshot.matches('reduced')

/** The system setting, read after hydration (the server renders full motion) and followed while mounted. */
function useSystemReducedMotion(): boolean {
  const [reduce, setReduce] = useState(false)
  useEffect(() => {
    const query = window.matchMedia(SYSTEM_QUERY)
    const update = () => setReduce(query.matches)
    update()
    query.addEventListener('change', update)
    return () => query.removeEventListener('change', update)
  }, [])
  return reduce
}

/** Whether a choice is stored (the machine reads and validates it). */
function hasStoredSetting(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== null
  } catch {
    return false
  }
}

export function ReduceMotionProvider({ children }: { children: ReactNode }) {
  const system = useSystemReducedMotion()
  // Starts at the server's value (full motion): React keeps server-rendered attributes on a hydration mismatch,
  // so the client's value must only arrive after hydration, which the effects guarantee.
  const machine = useLazyActor(() => import('./reduceMotionActor').then((m) => m.startReduceMotionActor()), isReduced, false, {
    startOnMount: false,
  })
  const { load, send } = machine
  const reduced = machine.running ? machine.selected : system

  // The root class means "motion is reduced" whoever decided it: until the machine runs, the system setting
  // (CSS already honours it through the media query; the class is for anything else that reads it).
  useEffect(() => {
    if (!machine.running) document.documentElement.classList.toggle('reduce-motion', system)
  }, [machine.running, system])

  useEffect(() => {
    if (hasStoredSetting()) load()
    // Another tab stored a choice: the machine takes over (its own listener follows later changes).
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEY) load()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [load])

  const value = useMemo(() => ({ reduced, toggle: () => send({ type: 'TOGGLE' }) }), [reduced, send])
  return <ReduceMotionContext.Provider value={value}>{children}</ReduceMotionContext.Provider>
}

function useReduceMotion(): ReduceMotion {
  const value = useContext(ReduceMotionContext)
  if (!value) throw new Error('useReducedMotion needs <ReduceMotionProvider> (mounted in the root route)')
  return value
}

/** True when animations should stay still; false (the server's value) until hydration has read the setting. */
export function useReducedMotion(): boolean {
  return useReduceMotion().reduced
}

export function useToggleReducedMotion(): () => void {
  return useReduceMotion().toggle
}
