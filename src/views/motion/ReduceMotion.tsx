import { createContext, type ReactNode, useContext, useEffect, useState, useSyncExternalStore } from 'react'

export { CHANGE_EVENT, STORAGE_KEY } from './constants'

/**
 * The reduce-motion machine (machines/reduceMotion.machine.ts) runs in an actor that is loaded right after
 * hydration (./reduceMotionActor), so xstate is not first-load JavaScript on pages that need no other machine.
 * Until it runs, motion follows the CSS media query alone, and a toggle pressed meanwhile is applied on start.
 */
class ReduceMotionStore {
  private reduced = false
  private readonly listeners = new Set<() => void>()
  private toggleActor: (() => void) | null = null
  private pendingToggles = 0

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  getSnapshot = () => this.reduced
  set = (reduced: boolean) => {
    if (reduced === this.reduced) return
    this.reduced = reduced
    for (const listener of this.listeners) listener()
  }
  toggle = () => {
    if (this.toggleActor) this.toggleActor()
    else this.pendingToggles++
  }
  attach(toggle: () => void) {
    this.toggleActor = toggle
    for (; this.pendingToggles > 0; this.pendingToggles--) toggle()
  }
}

const StoreContext = createContext<ReduceMotionStore | null>(null)

export function ReduceMotionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new ReduceMotionStore())
  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    import('./reduceMotionActor').then(({ startReduceMotionActor }) => {
      if (cancelled) return
      const actor = startReduceMotionActor(store.set)
      store.attach(actor.toggle)
      stop = actor.stop
    })
    return () => {
      cancelled = true
      stop?.()
    }
  }, [store])
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

function useStore(): ReduceMotionStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useReducedMotion needs <ReduceMotionProvider> (mounted in the root route)')
  return store
}

/**
 * True when animations should stay still. During hydration this reports the server's value (full motion):
 * React keeps server-rendered attributes on a mismatch, so reporting the client's value there would leave
 * the DOM stale. React re-renders with the real value right after hydration.
 */
export function useReducedMotion(): boolean {
  const store = useStore()
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => false)
}

export function useToggleReducedMotion(): () => void {
  return useStore().toggle
}
