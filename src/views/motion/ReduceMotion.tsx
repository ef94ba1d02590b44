import { createActorContext } from '@xstate/react'
import { type ReactNode, useSyncExternalStore } from 'react'
import { fromCallback } from 'xstate'
import { type ReduceMotionEvent, reduceMotionMachine } from '../../../machines/reduceMotion.machine'
import { inspect } from '../../devtools/inspector'

export const STORAGE_KEY = 'reduceMotion'
export const CHANGE_EVENT = 'reducemotionchange'

function readStored(): boolean | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY)
    return raw === 'true' ? true : raw === 'false' ? false : null
  } catch {
    return null
  }
}

/** Reads the stored setting and the system preference when the actor starts, then follows changes. */
const preferenceListener = fromCallback<ReduceMotionEvent>(({ sendBack }) => {
  // Server and first client render agree on "full motion"; real preferences arrive once the actor starts.
  const query = window.matchMedia('(prefers-reduced-motion: reduce)')
  sendBack({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: query.matches })
  sendBack({ type: 'STORED_SETTING_CHANGED', value: readStored() })
  const onQuery = (e: MediaQueryListEvent) => sendBack({ type: 'SYSTEM_PREFERENCE_CHANGED', reduce: e.matches })
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEY) sendBack({ type: 'STORED_SETTING_CHANGED', value: readStored() })
  }
  query.addEventListener('change', onQuery)
  window.addEventListener('storage', onStorage)
  return () => {
    query.removeEventListener('change', onQuery)
    window.removeEventListener('storage', onStorage)
  }
})

const machine = reduceMotionMachine.provide({
  actors: { preferenceListener },
  actions: {
    persistSetting: (_, { value }) => {
      try {
        window.localStorage.setItem(STORAGE_KEY, String(value))
      } catch {
        // Storage can be disabled (private mode); the setting then lasts for this page only.
      }
    },
    applyRootClass: (_, { reduce }) => {
      if (typeof document !== 'undefined') document.documentElement.classList.toggle('reduce-motion', reduce)
    },
    announceChange: (_, { reduce }) => {
      if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: { reduce } }))
    },
  },
})

const ReduceMotionContext = createActorContext(machine)

export function ReduceMotionProvider({ children }: { children: ReactNode }) {
  return (
    <ReduceMotionContext.Provider options={{ input: { stored: null, system: false }, inspect }}>
      {children}
    </ReduceMotionContext.Provider>
  )
}

/**
 * True when animations should stay still. During hydration this reports the server's value (full motion):
 * React keeps server-rendered attributes on a mismatch, so reporting the client's value there would leave
 * the DOM stale. React re-renders with the real value right after hydration.
 */
export function useReducedMotion(): boolean {
  const actor = ReduceMotionContext.useActorRef()
  return useSyncExternalStore(
    (onChange) => actor.subscribe(onChange).unsubscribe,
    () => actor.getSnapshot().matches('reduced'),
    () => false,
  )
}

export function useToggleReducedMotion(): () => void {
  const actor = ReduceMotionContext.useActorRef()
  return () => actor.send({ type: 'TOGGLE' })
}
